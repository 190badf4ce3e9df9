// A tiny HTTP door into the running stack for the tests (they live in Jest's sandbox and cannot
// hold the server objects): stop a front end, start it again (optionally from another folder or
// on another port = a redeploy), stop the API process and start it again on the same port and
// database (issue 29: the API gone mid-session), and read the deployment state. Listens on
// 127.0.0.1 only.
import { createServer } from 'node:http';
import { HOST } from './stack.mjs';

const NAMES = new Set(['shell', 'mf_public', 'mf_member', 'mf_admin']);

export function startControlServer({ port, stopFrontEnd, startFrontEnd, stopApi, startApi, state }) {
  const server = createServer(async (req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? '/', `http://${HOST}`);
      if (req.method === 'GET' && url.pathname === '/state') return send(200, state());
      const api = /^\/api\/(stop|start)$/.exec(url.pathname);
      if (req.method === 'POST' && api) {
        if (api[1] === 'stop') await stopApi();
        else await startApi();
        return send(200, state());
      }
      const match = /^\/front-end\/(\w+)\/(stop|start)$/.exec(url.pathname);
      if (req.method !== 'POST' || !match || !NAMES.has(match[1])) return send(404, { error: 'unknown control call' });
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const change = raw ? JSON.parse(raw) : {};
      if (match[2] === 'stop') await stopFrontEnd(match[1]);
      else await startFrontEnd(match[1], change);
      return send(200, state());
    } catch (err) {
      return send(500, { error: String(err && err.stack ? err.stack : err) });
    }
  });
  return new Promise((resolve) => server.listen(port, HOST, () => resolve({ server, url: `http://${HOST}:${port}` })));
}
