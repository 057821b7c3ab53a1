import { app } from './app';

export default app;
export { EndedSessions } from './http/ended-sessions';
export { StoreGate } from './limits/gate';
