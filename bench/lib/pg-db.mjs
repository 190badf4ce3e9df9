// A PostgreSQL database of its own for each bench run (created, then dropped at the end), so
// the bench never touches anyone's data and every run starts from an empty schema.
import pg from 'pg';

export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const created = new Set();

export async function createBenchDatabase() {
  const name = `rotalink_bench_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SHOW server_version');
    await client.query(`CREATE DATABASE ${name}`);
    created.add(name);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return { name, url: url.toString(), version: rows[0].server_version };
  } finally {
    await client.end();
  }
}

export async function dropBenchDatabase(name) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    created.delete(name);
  } finally {
    await client.end();
  }
}

/** Drops every database this run created and has not dropped yet (interrupted runs). */
export async function dropAllBenchDatabases() {
  for (const name of [...created]) await dropBenchDatabase(name).catch(() => {});
}
