import { buildApp } from '../app';
import { connect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { testConfig } from '../../test/helpers';
import { drainAndClose } from './drain';

/**
 * Issue 28: /readyz turns 503 in the same instant the drain begins (before the grace, before any
 * connection closes), /livez keeps answering 200 without touching the database, and the drain
 * ends with the app closed. The process-level test (test/operations/drain.test.ts) shows the rest
 * under load.
 */
describe('drain: readiness and liveness', () => {
  it('/readyz is 503 from the first instant of the drain; /livez stays 200', async () => {
    const { db, close } = connect('sqlite::memory:');
    await migrateToLatest(db);
    const app = await buildApp({ config: testConfig(), db, logger: false });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/livez' })).json()).toEqual({ status: 'ok' });
      const drained = drainAndClose(app, app.drain, 50);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', code: 'unavailable', down: ['node (shutting down)'] });
      // Liveness is not readiness: a draining node is alive.
      expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      await drained;
    } finally {
      await close();
    }
  });

  it('/livez answers while the database is gone', async () => {
    const { db, close } = connect('sqlite::memory:');
    await migrateToLatest(db);
    const app = await buildApp({ config: testConfig(), db, logger: false });
    await close();
    try {
      expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
