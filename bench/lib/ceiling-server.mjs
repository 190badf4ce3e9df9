// The ceiling: a bare Fastify server on the same machine with one trivial GET and one trivial
// POST (JSON body) route — no plugins, no logging, no database. Whatever the real API loses
// against this is the cost of our own code. Usage: node ceiling-server.mjs PORT [HEADERS_JSON]
// With HEADERS_JSON, GET /ceiling-headers answers the same with those headers added (the API's
// security and CORS headers): a diagnostic of what sending them costs, load generator included.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ceiling', async () => ({ pending: [], completed: [] }));
const headers = process.argv[3] ? JSON.parse(process.argv[3]) : null;
if (headers)
  app.get('/ceiling-headers', async (_req, reply) => {
    reply.headers(headers);
    return { pending: [], completed: [] };
  });
app.post('/ceiling', async (req) => ({ message: 'ok', link_id: req.body?.link_id ?? null }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
