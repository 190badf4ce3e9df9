// A profile with a million click events for the Stats bench (issue 15), written straight into
// the database by the server's own tool (server/dist/tools/seed-click-events.js): a million
// clicks through the API would take longer than the whole bench, and the tool writes events and
// roll-ups the way the click ledger does, so the bench reads exactly what live clicks build. The
// tool lives in the server so the type checker and its test follow the roll-up code.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Seeds `count` events of `userId` over the `days` before `now`; returns the seconds it took. */
export async function seedClickEvents({ repoRoot, databaseUrl, userId, linkIds, count, days, now = Date.now() }) {
  const dist = (p) => import(pathToFileURL(join(repoRoot, 'server', 'dist', p)).href);
  const { connect } = await dist('db/connect.js');
  const { seedClickEvents: seed } = await dist('tools/seed-click-events.js');
  const { db, close } = connect(databaseUrl, { timeoutMs: 600_000 });
  try {
    const { ms } = await seed(db, { userId, linkIds, count, days, now });
    return ms / 1000;
  } finally {
    await close();
  }
}
