import { Hono } from 'hono';
const app = new Hono();
app.get('/api/health', (c) => c.json({ status: 'healthy', version: '0.1.0' }));
export default app;
export class StoreGate {}
