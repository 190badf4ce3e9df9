/**
 * Issue 12 — the admin dashboard at 10,000 members, on a phone under slow 4G + 4× CPU (the
 * visitor page's profile in bench/lib/page-bench.mjs): the first page of members and a search
 * result appear, through the server's paging and search. How fast they appear (the 3 s)
 * is a speed target, so `npm run bench` measures it — medians of cold loads in fresh browsers
 * (bench/lib/admin-page-bench.mjs) — and this suite only prints its own timing: asserted here,
 * one load on a shared machine failed CI at 3,124 ms while the bench's medians on the same
 * machine were 2,741–2,766 ms. Before the paging, the whole list travelled: 33.6 s.
 *
 * The 10,000 members are written straight into the e2e API's SQLite file by the server's seeding
 * tool (`server/dist/tools/seed-members.js`, test and bench data only; the API keeps running on the
 * same file, SQLite WAL). Through the HTTP API they would take ~10,000 password hashes.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { adminToken, raw } from '../support/api';
import { site, stack } from '../support/stack';
import { screenshots } from '../support/shots';

const MEMBERS = 10_000;
// Lighthouse's "slow 4G" and a 4× slower CPU, as the bench measures the visitor page.
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

afterAll(disconnectBrowser);
afterEach(closeVisitors);

let token: string;
beforeAll(async () => {
  token = await adminToken();
  const before = await raw('GET', '/api/admin/allusers?page=1&pageSize=1&q=scale-', { token });
  if ((before.body as { total: number }).total < MEMBERS) {
    execFileSync(
      process.execPath,
      [
        join(stack().root, 'server/dist/tools/seed-members.js'),
        ...['--database-url', stack().apiEnv.DATABASE_URL, '--members', String(MEMBERS), '--prefix', 'scale'],
        // Older than every member the other journeys sign up, so their lists are unchanged.
        ...['--newest', '2020-01-01T00:00:00Z'],
      ],
      { stdio: 'pipe', timeout: 120_000 },
    );
  }
}, 150_000);

async function throttledAdmin() {
  const { context, page } = await newVisitor({ phone: true });
  // The session is in place before the first request, so the dashboard is a cold load.
  await context.addInitScript((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('isAdmin', 'true');
  }, token);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

test('the dashboard shows its first page of 10,000 members, and a search result, on slow 4G + 4× CPU', async () => {
  const page = await throttledAdmin();
  const rows = page.locator('tbody tr');

  // Only for the log (the bench times it in the page's own clock): from the tap to the rows.
  const opened = Date.now();
  await page.goto(site('/admin_dashboard'));
  await page
    .getByRole('status')
    .filter({ hasText: /members · showing 1–50/ })
    .waitFor({ timeout: 20_000 });
  const firstPageMs = Date.now() - opened;
  expect(await rows.count()).toBe(50);
  const summary = await page
    .getByRole('status')
    .filter({ hasText: /members/ })
    .innerText();
  expect(Number(summary.replace(/,/g, '').match(/^(\d+) members/)?.[1])).toBeGreaterThanOrEqual(MEMBERS);
  await screenshots(page, 'admin-scale', 'first-page');

  const typed = Date.now();
  await page.getByLabel('Search by email').fill('SCALE-004217');
  await page.getByRole('button', { name: 'View scale-004217@example.com' }).waitFor({ timeout: 20_000 });
  const searchMs = Date.now() - typed;
  expect(await rows.count()).toBe(1);
  await page.getByRole('status').filter({ hasText: '1 member matches “SCALE-004217”' }).waitFor();
  await screenshots(page, 'admin-scale', 'search');

  // For the log only: the 3 s target is judged by the bench's medians (see the top of this file).
  process.stdout.write(`[admin-scale] first page ${firstPageMs} ms, search ${searchMs} ms (slow 4G + 4× CPU, 360 px)\n`);
});

test('the place in the list survives a visit to a member and a reload: search and page stay in the address', async () => {
  const { page } = await newVisitor({ phone: true });
  await page.goto(site('/'));
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('isAdmin', 'true');
  }, token);
  await page.goto(site('/admin_dashboard?q=scale-00&page=3'));
  await page.getByRole('status').filter({ hasText: '10,000 members match “scale-00” · showing 101–150' }).waitFor();
  await page.getByRole('button', { name: 'View scale-009899@example.com' }).click();
  await page.getByRole('heading', { name: 'Member9899 Scale', level: 1 }).waitFor();
  await page.getByText('Offer 1', { exact: true }).waitFor();

  await page.reload(); // /user-details?userId=… reads the member by id, no list
  await page.getByRole('heading', { name: 'Member9899 Scale', level: 1 }).waitFor();
  await page.getByRole('link', { name: '← All users' }).click();
  await page.getByRole('status').filter({ hasText: 'showing 101–150' }).waitFor();
  expect(new URL(page.url()).search).toBe('?q=scale-00&page=3');
  expect(await page.getByLabel('Search by email').inputValue()).toBe('scale-00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
