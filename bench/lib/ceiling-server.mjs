// The ceiling: a bare Fastify server on the same machine with one trivial GET and one trivial
// POST (JSON body) route — no plugins, no logging, no database. Whatever the real API loses
// against this is the cost of our own code. Usage: node ceiling-server.mjs PORT
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ceiling', async () => ({ pending: [], completed: [] }));
app.post('/ceiling', async (req) => ({ message: 'ok', link_id: req.body?.link_id ?? null }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
