import { app } from './app';

export default app;
export { StoreAccess } from './access/object';
export { EndedSessions } from './http/ended-sessions';
