import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ALL, type Written } from '../../../db/committed-writes';

export interface PgChannelOptions {
  connectionString: string;
  searchPath?: string;
  timeoutMs: number;
  /** pg_stat_activity's name for the listening connection. */
  applicationName: string;
  /** Another node's write (never this node's own). */
  onRemoteWrite: (written: Exclude<Written, undefined>) => void;
  /** Listening (true) or not (false): while not, other nodes' writes may go unheard. */
  onLive: (live: boolean) => void;
  onError: (message: string) => void;
}

/** A NOTIFY payload is limited to 8000 bytes: ids (22 characters) go in chunks. */
const IDS_PER_NOTIFY = 300;
const RETRY_MS = [250, 500, 1000, 2000, 5000];
/**
 * A NOTIFY is a statement on PostgreSQL and a wake-up on every other node: sent per click batch
 * (~1 ms apart under load) it cost two API nodes 14 % of their click throughput (decision
 * 0076). Other nodes hear of a write within this delay (the issue allows 1 s); this node's
 * own cache drops the written answers at once.
 */
const NOTIFY_EVERY_MS = 20;

/**
 * API nodes sharing PostgreSQL tell each other which profiles they wrote (issue 12), through
 * LISTEN/NOTIFY on one dedicated connection per node (outside the pool) and a channel per schema.
 * A node publishes after its own COMMIT, coalescing its writes of up to 20 ms into one
 * NOTIFY (`<node> <id> <id>…`, or `<node> *` for everything); a receiver drops its copies of
 * those profiles. When the connection drops, the node reconnects by itself, forgets everything it
 * cached (it may have missed notifications), publishes "everything" for its own writes it could
 * not send, and until then says it is not live (the cache then trusts entries for ~1 s only).
 */
export class PgChangeChannel {
  readonly nodeId = randomBytes(6).toString('base64url');
  private client: pg.Client | undefined;
  private channel: string | undefined;
  private pending: Written;
  private sending = false;
  private flushTimer: NodeJS.Timeout | undefined;
  private lastSentAt = 0;
  private closed = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Connections already given up ('error' and 'end' both come, for one loss). */
  private readonly dead = new WeakSet<pg.Client>();

  constructor(private readonly o: PgChannelOptions) {}

  start(): void {
    void this.connect();
  }

  /** Queues this node's write for the other nodes (sent within NOTIFY_EVERY_MS). */
  publish(written: Exclude<Written, undefined>): void {
    if (this.pending === ALL || written === ALL) this.pending = ALL;
    else if (this.pending === undefined) this.pending = new Set(written);
    else for (const id of written) (this.pending as Set<string>).add(id);
    this.scheduleFlush();
  }

  /** At most one NOTIFY per NOTIFY_EVERY_MS: the writes in between travel together. */
  private scheduleFlush(): void {
    if (this.sending || this.flushTimer) return;
    const wait = Math.max(0, this.lastSentAt + NOTIFY_EVERY_MS - Date.now());
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, wait);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.flushTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.o.connectionString,
      connectionTimeoutMillis: this.o.timeoutMs,
      keepAlive: true,
      application_name: this.o.applicationName,
      ...(this.o.searchPath ? { options: `-c search_path=${this.o.searchPath}` } : {}),
    });
    client.on('error', (err) => this.lost(client, err.message));
    client.on('end', () => this.lost(client, 'connection ended'));
    client.on('notification', (n) => this.received(n.channel, n.payload));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      this.channel = `rotalink_public_${String(rows[0]?.schema ?? 'public').replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63);
      await client.query(`LISTEN "${this.channel}"`);
    } catch (err) {
      this.lost(client, (err as Error).message);
      return;
    }
    if (this.closed) return void client.end().catch(() => {});
    this.client = client;
    this.attempt = 0;
    // Whatever other nodes wrote while we were not listening is unknown: start afresh.
    this.o.onRemoteWrite(ALL);
    this.o.onLive(true);
    if (this.pending !== undefined) void this.flush();
  }

  private lost(client: pg.Client, why: string): void {
    if (this.dead.has(client)) return;
    this.dead.add(client);
    const wasLive = this.client === client;
    this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.closed) return;
    if (wasLive || this.attempt === 0)
      this.o.onError(`public cache: change notifications lost (${why}); entries live ~1 s until reconnected`);
    this.o.onLive(false);
    // Our own writes during the gap may not have reached the others: say "everything" once back.
    if (wasLive) this.pending = ALL;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)]);
    this.retryTimer.unref();
  }

  private received(channel: string, payload: string | undefined): void {
    if (channel !== this.channel || !payload) return;
    const [node, ...ids] = payload.split(' ');
    if (node === this.nodeId) return;
    this.o.onRemoteWrite(ids.includes('*') ? ALL : new Set(ids.filter(Boolean)));
  }

  private async flush(): Promise<void> {
    const client = this.client;
    if (this.sending || this.pending === undefined || !client || !this.channel) return;
    const written = this.pending;
    this.pending = undefined;
    this.sending = true;
    this.lastSentAt = Date.now();
    try {
      const ids = written === ALL ? ['*'] : [...written];
      for (let i = 0; i < ids.length; i += IDS_PER_NOTIFY) {
        await client.query('select pg_notify($1, $2)', [this.channel, [this.nodeId, ...ids.slice(i, i + IDS_PER_NOTIFY)].join(' ')]);
      }
    } catch {
      // The connection is failing ('error' follows): send everything once reconnected.
      this.pending = ALL;
    } finally {
      this.sending = false;
    }
    if (this.pending !== undefined && this.client) this.scheduleFlush();
  }
}
