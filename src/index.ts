import { app } from './app';

export default app;
export { StoreGate } from './limits/gate';
export { EndedSessions } from './http/ended-sessions';
