import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { useTestApp } from '../../test/helpers';

interface LogLine {
  level: number;
  reqId?: string;
  msg: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  err?: { message: string; stack: string };
}

describe('request logging: errors and slow requests, not every success', () => {
  const t = useTestApp('sqlite');

  async function appWithLog(level: string, slowMs = 1000): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
    const lines: LogLine[] = [];
    const stream = { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) };
    const app = await buildApp({ config: { ...t.config, slowRequestMs: slowMs }, db: t.db, logger: { level, stream } });
    app.get('/boom', async () => {
      throw new Error('disk on fire');
    });
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 30));
      return { ok: true };
    });
    return { app, lines };
  }

  it('a 500 is logged with its cause (stack) and as a failed request; the client sees neither', async () => {
    const { app, lines } = await appWithLog('info');
    const res = await app.inject({ method: 'GET', url: '/boom?x=1' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('disk on fire');
    const cause = lines.find((l) => l.msg === 'unexpected error');
    expect(cause?.err?.message).toBe('disk on fire');
    expect(cause?.err?.stack).toContain('request-log.test');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'request failed', method: 'GET', url: '/boom?x=1', statusCode: 500 }),
    );
    // Both lines carry the request id, so they can be matched up.
    const failed = lines.find((l) => l.msg === 'request failed');
    expect(cause?.reqId).toEqual(expect.any(String));
    expect(failed?.reqId).toBe(cause?.reqId);
    await app.close();
  });

  it('successes and client errors at info write nothing', async () => {
    const { app, lines } = await appWithLog('info');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/public/userliks' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('a request slower than LOG_SLOW_REQUEST_MS is logged as a warning with its time', async () => {
    const { app, lines } = await appWithLog('warn', 10);
    expect((await app.inject({ method: 'GET', url: '/slow' })).statusCode).toBe(200);
    const slow = lines.find((l) => l.msg === 'slow request');
    expect(slow).toMatchObject({ level: 40, method: 'GET', url: '/slow', statusCode: 200 });
    expect(slow?.responseTime).toBeGreaterThanOrEqual(10);
    await app.close();
  });

  it('at debug every request is logged, as Fastify did before', async () => {
    const { app, lines } = await appWithLog('debug');
    await app.inject({ method: 'GET', url: '/healthz' });
    expect(lines).toContainEqual(expect.objectContaining({ level: 20, msg: 'incoming request', url: '/healthz' }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 20, msg: 'request completed', url: '/healthz', statusCode: 200 }));
    await app.close();
  });
});
