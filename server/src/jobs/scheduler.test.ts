import Fastify from 'fastify';
import { engines, openTestDb } from '../../test/helpers';
import { connect, type DbHandle } from '../db/connect';
import type { Db } from '../db/database';
import { readJobRow } from './job-runs.repository';
import { JobScheduler, type JobFn } from './scheduler';

const log = Fastify({ logger: false }).log;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/**
 * The scheduler of issue 16 with two API nodes: two schedulers, each on its own connection to the
 * same database (two processes' worth of state), both engines.
 */
describe.each(engines)('job scheduler, two nodes (%s)', (engine) => {
  let first: Db;
  let second: DbHandle;
  let cleanup: () => Promise<void>;
  const nodes: JobScheduler[] = [];
  const node = (db: Db, leaseMs = 60_000) => {
    const s = new JobScheduler(db, { log, leaseMs, pollMaxMs: 100 });
    nodes.push(s);
    return s;
  };

  beforeAll(async () => {
    const opened = await openTestDb(engine);
    first = opened.handle.db;
    second = connect(opened.databaseUrl, { searchPath: opened.searchPath });
    cleanup = async () => {
      await second.close();
      await opened.handle.close();
      await opened.cleanup();
    };
  });
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
  });
  afterAll(() => cleanup());

  it('a due job runs once, not once per node, and never on two nodes at the same time', async () => {
    let running = 0;
    let most = 0;
    const runs: string[] = [];
    const job =
      (who: string): JobFn =>
      async () => {
        running++;
        most = Math.max(most, running);
        runs.push(who);
        await sleep(60);
        running--;
      };
    const a = node(first);
    const b = node(second.db);
    a.every({ name: 'once', intervalMs: 10 * 60_000 }, job('a'));
    b.every({ name: 'once', intervalMs: 10 * 60_000 }, job('b'));
    // The job is made due before either node starts: both then find it due at the same moment.
    // (Told "run it now" after one node had already run it, the other would rightly run it again,
    // which a loaded machine made happen.)
    await Promise.all([a.runSoon('once'), b.runSoon('once')]);
    a.start();
    b.start();
    await until(() => runs.length === 1);
    await sleep(600); // several polls of both nodes later
    expect(runs).toHaveLength(1);
    expect(most).toBe(1);
    const row = await readJobRow(first, 'once');
    expect(row?.lease_owner).toBeNull();
    expect(Date.parse(row!.next_run_at)).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it('a periodic job keeps its interval across the nodes, one run at a time', async () => {
    let running = 0;
    let most = 0;
    let count = 0;
    const fn: JobFn = async () => {
      running++;
      most = Math.max(most, running);
      count++;
      await sleep(30);
      running--;
    };
    const a = node(first);
    const b = node(second.db);
    a.every({ name: 'tick', intervalMs: 200 }, fn);
    b.every({ name: 'tick', intervalMs: 200 }, fn);
    a.start();
    b.start();
    await a.runSoon('tick');
    await sleep(1500);
    // ~1500 / (200 + 30) runs; two nodes running it each time would double that.
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(8);
    expect(most).toBe(1);
  });

  it('a node that died holding the lease delays the job only until the lease expires', async () => {
    const runs: number[] = [];
    // The dead node's row: due, leased for 700 ms more, never to be released.
    const leaseEnd = Date.now() + 700;
    await first
      .insertInto('job_runs')
      .values({
        name: 'orphan',
        next_run_at: new Date(Date.now() - 1000).toISOString(),
        lease_owner: 'a-dead-node',
        lease_until: new Date(leaseEnd).toISOString(),
      })
      .execute();
    const b = node(second.db);
    b.every({ name: 'orphan', intervalMs: 60_000 }, async () => void runs.push(Date.now()));
    b.start();
    await until(() => runs.length === 1);
    expect(runs[0]).toBeGreaterThanOrEqual(leaseEnd);
  });

  it('a long run renews its lease, so no other node starts the job meanwhile', async () => {
    let started = 0;
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const a = node(first, 300);
    const b = node(second.db, 300);
    const fn: JobFn = async () => {
      started++;
      await hold;
    };
    a.every({ name: 'long', intervalMs: 60_000 }, fn);
    b.every({ name: 'long', intervalMs: 60_000 }, fn);
    a.start();
    b.start();
    await a.runSoon('long');
    await until(() => started === 1);
    await sleep(1200); // four lease lengths
    expect(started).toBe(1);
    release();
  });

  it('cron patterns: runs at the pattern times (here every second)', async () => {
    const runs: number[] = [];
    const a = node(first);
    a.cron({ name: 'cron-every-second', pattern: '* * * * * *' }, async () => void runs.push(Date.now()));
    a.start();
    await until(() => runs.length >= 2, 4000);
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(900);
  });

  it('stopping a node aborts its running job and leaves the job due for the other nodes', async () => {
    let aborted = false;
    let started = false;
    const a = node(first);
    a.every({ name: 'stoppable', intervalMs: 60_000 }, ({ signal }) => {
      started = true;
      return new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        }),
      );
    });
    a.start();
    await a.runSoon('stoppable');
    // The job itself is running (its lease row alone is committed before the job starts).
    await until(async () => started && (await readJobRow(first, 'stoppable'))?.lease_owner != null);
    await a.stop();
    expect(aborted).toBe(true);
    const row = await readJobRow(first, 'stoppable');
    expect(row?.lease_owner).toBeNull();
    expect(Date.parse(row!.next_run_at)).toBeLessThanOrEqual(Date.now());
    expect(row?.last_error).toMatch(/shutting down/);
  });

  it('refuses a second job of the same name and an interval below 1 ms', () => {
    const a = node(first);
    a.every({ name: 'dup', intervalMs: 1000 }, async () => undefined);
    expect(() => a.every({ name: 'dup', intervalMs: 1000 }, async () => undefined)).toThrow(/already registered/);
    expect(() => a.every({ name: 'zero', intervalMs: 0 }, async () => undefined)).toThrow(/at least 1/);
  });
});
