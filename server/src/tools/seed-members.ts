import { seedAuditEvents } from './seed-audit';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { connect } from '../db/connect';
import type { Db } from '../db/database';
import { newId } from '../db/ids';
import { migrateToLatest } from '../db/migrate';
import { engineOf } from '../db/dialect-sql';
import type { NewLinkRow } from '../modules/links/links.table';
import type { NewUserRow } from '../modules/users/users.table';

/**
 * Issue 12: many members at once for the scale bench (100,000) and the browser suite (10,000),
 * written straight into the tables in multi-row INSERTs, one transaction per batch — seconds,
 * where the HTTP API (sign-up hashes every password) would take hours. Members get no password
 * (nobody signs in as them), a filled-in profile, half an active lifetime plan, and
 * `linksPerMember` links each. Test and bench data only: never run it on a real database.
 */
export interface SeedOptions {
  members: number;
  linksPerMember?: number;
  /** Emails are `<prefix>-<number, 6 digits>@example.com`, numbered from 0. */
  prefix?: string;
  /** The newest member's sign-up time; each earlier number signed up a minute before. */
  newest?: Date;
  /** Members per INSERT (and per transaction). */
  batch?: number;
}

export const seedEmail = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}@example.com`;

function memberRow(prefix: string, n: number, createdAt: string, joined: string): NewUserRow {
  const active = n % 2 === 0;
  return {
    id: newId(),
    parent_id: null,
    email: seedEmail(prefix, n),
    password_hash: null,
    first_name: `Member${n}`,
    last_name: prefix.charAt(0).toUpperCase() + prefix.slice(1),
    title: 'Network marketing, done in order',
    slogan: 'Click the first link, then the next.',
    about: 'A member made by the seeding script: a few sentences about what they recommend and why.',
    subscription_status: active ? 'active' : 'inactive',
    subscription_type: active ? 'monthly' : null,
    package_price_cents: active ? 14456 : null,
    package_joined_date: active ? joined : null,
    package_expiry_date: null,
    created_at: createdAt,
  };
}

function linkRows(userId: string, count: number, createdAt: string): NewLinkRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: newId(),
    user_id: userId,
    name: `Offer ${i + 1}`,
    url: `https://offer-${i + 1}.example.com/${userId}`,
    clicks: i === 0 ? 3 : 0,
    max_clicks: i === count - 1 ? null : 100 * (i + 1),
    position: i + 1,
    created_at: createdAt,
  }));
}

export async function seedMembers(db: Db, options: SeedOptions): Promise<{ members: number; links: number; ms: number }> {
  const started = performance.now();
  const { members, linksPerMember = 5, prefix = 'scale', batch = 500 } = options;
  const newest = (options.newest ?? new Date()).getTime();
  let links = 0;
  for (let from = 0; from < members; from += batch) {
    const users: NewUserRow[] = [];
    const userLinks: NewLinkRow[] = [];
    for (let n = from; n < Math.min(members, from + batch); n++) {
      // Number 0 is the oldest: the list (newest first) starts at the highest number.
      const createdAt = new Date(newest - (members - 1 - n) * 60_000).toISOString();
      const user = memberRow(prefix, n, createdAt, createdAt);
      users.push(user);
      userLinks.push(...linkRows(user.id, linksPerMember, createdAt));
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(users).execute();
      // 8 columns a link: 2,500 links stay under SQLite's 32,766 bound variables per statement.
      for (let i = 0; i < userLinks.length; i += 2500)
        await trx
          .insertInto('links')
          .values(userLinks.slice(i, i + 2500))
          .execute();
    });
    links += userLinks.length;
  }
  // What autovacuum does after a bulk load, now: planner statistics (without them PostgreSQL
  // took the trigram search for a 300-row scan and read every member) and the visibility map
  // (the members' count then reads the index alone).
  if (engineOf(db) === 'postgres') await sql`vacuum analyze users, links`.execute(db);
  return { members, links, ms: Math.round(performance.now() - started) };
}

/** `node server/dist/tools/seed-members.js --database-url sqlite:PATH --members 10000 [--links 5] [--prefix scale] [--newest 2020-01-01]` */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      members: { type: 'string' },
      links: { type: 'string', default: '5' },
      prefix: { type: 'string', default: 'scale' },
      newest: { type: 'string' },
      // Issue 33: audit rows for the Activity page's bench row.
      'audit-events': { type: 'string', default: '0' },
    },
  });
  const url = values['database-url'];
  const members = Number(values.members);
  const newest = values.newest ? new Date(values.newest) : new Date();
  if (!url || !Number.isInteger(members) || members < 1 || Number.isNaN(newest.getTime())) {
    throw new Error(
      'usage: seed-members --database-url <sqlite:PATH|postgres://…> --members N [--links 5] [--prefix scale] [--newest ISO-time]',
    );
  }
  // SQLite: no fsync per batch and a cache that holds the b-trees (random ids land on random pages).
  const handle = connect(url, { bulkLoad: true });
  try {
    await migrateToLatest(handle.db);
    const result = await seedMembers(handle.db, { members, linksPerMember: Number(values.links), prefix: values.prefix, newest });
    const audit = Number(values['audit-events']) > 0 ? await seedAuditEvents(handle.db, Number(values['audit-events'])) : undefined;
    process.stdout.write(JSON.stringify({ ...result, ...(audit ? { auditEvents: audit.events, auditMs: audit.ms } : {}) }) + '\n');
  } finally {
    await handle.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`seed-members: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
