// The floor for bench/http: a bare hono route on the same runtime (wrangler dev, workerd) answering a fixed JSON,
// with none of the service's middleware, storage or pricing.
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.json({ status: 'healthy', version: 'bare' }));

export default app;
