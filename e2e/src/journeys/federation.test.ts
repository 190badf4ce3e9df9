/**
 * The federation itself (DESIGN §2, §9): one copy of each shared singleton in the composed page
 * and one token store for shell and remotes; a visitor on /profile downloads no member or admin
 * code.
 */
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, createMember } from '../support/api';
import { site, stack } from '../support/stack';
import { expectPath } from '../support/ui';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

// Issue 26: the session kernel is the one shared module of ours; shared-api is bundled into each app.
const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'react-toastify', '@rotalink/session-kernel'];

/** Per shared package: how many distinct copies were actually loaded, and from which containers. */
function loadedCopies(): Record<string, { loaded: number; from: string[]; versions: string[] }> {
  type SharedEntry = { loaded?: boolean; lib?: unknown; from?: string; version?: string };
  const fed = (
    window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, SharedEntry>>>> } }
  ).__FEDERATION__;
  const seen = new Set<SharedEntry>();
  const out: Record<string, { loaded: number; from: string[]; versions: string[] }> = {};
  for (const scopes of Object.values(fed?.__SHARE__ ?? {})) {
    for (const packages of Object.values(scopes)) {
      for (const [pkg, versions] of Object.entries(packages)) {
        for (const [version, entry] of Object.entries(versions)) {
          if (seen.has(entry)) continue;
          seen.add(entry);
          out[pkg] ??= { loaded: 0, from: [], versions: [] };
          out[pkg].from.push(String(entry.from));
          out[pkg].versions.push(version);
          if (entry.loaded || entry.lib) out[pkg].loaded += 1;
        }
      }
    }
  }
  return out;
}

test('the composed page holds one copy of each shared singleton, and one token store serves shell and remotes', async () => {
  const member = await createMember('singleton');
  const { page } = await newVisitor();
  await page.goto(site('/login'));
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  // The navbar (shell) shows the signed-out entries.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /sign up/i }).waitFor();

  // Mark this page: a reload would lose the mark.
  await page.evaluate(() => ((window as unknown as { __e2eMark: number }).__e2eMark = 1));
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expectPath(page, '/user');
  // mf-public stored the token; the shell's navbar saw it at once, without a reload.
  await nav
    .getByRole('button', { name: /logout/i })
    .or(nav.getByRole('link', { name: /logout/i }))
    .first()
    .waitFor();
  await nav.getByRole('link', { name: /user panel/i }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __e2eMark?: number }).__e2eMark)).toBe(1);
  // mf-member's dashboard read the same session.
  await page.getByText(member.email).first().waitFor();

  const copies = await page.evaluate(loadedCopies);
  for (const pkg of SINGLETONS) {
    expect({ pkg, loaded: copies[pkg]?.loaded }).toEqual({ pkg, loaded: 1 });
  }
  expect(copies['@rotalink/shared-api']).toBeUndefined(); // not shared any more: each remote ships its own

  // Logout in the shell clears the session the remotes read.
  await nav
    .getByRole('button', { name: /logout/i })
    .or(nav.getByRole('link', { name: /logout/i }))
    .first()
    .click();
  await expectPath(page, '/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a visitor on /profile downloads no member or admin page code', async () => {
  const member = await createMember('lazy', { active: true });
  await addLink(member.token, member.userId, { url: 'https://lazy.example.com/', maxClicks: 3, name: 'Lazy offer' });
  const { page } = await newVisitor();
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  await page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
  await page.getByText('Lazy offer').first().waitFor();
  await page.waitForLoadState('networkidle');

  const { ports } = stack();
  const from = (port: number) => requested.filter((u) => new URL(u).port === String(port));
  // Something did come from mf-public (the page is really federated)…
  expect(from(ports.mf_public).some((u) => u.endsWith('.js'))).toBe(true);
  // …and no script or style from the member or admin remotes.
  const code = (urls: string[]) => urls.filter((u) => /\.(js|css)(\?|$)/.test(u));
  expect(code(from(ports.mf_member))).toEqual([]);
  expect(code(from(ports.mf_admin))).toEqual([]);
  // Nor the toast library, from any app: it comes with the first toast (decision 0092, the page's
  // JS budget).
  const toastifyLoaded = async () => (await page.evaluate(loadedCopies))['react-toastify']?.loaded ?? 0;
  expect(await toastifyLoaded()).toBe(0);

  // Control: the same recorder does see mf-member's code once a member page is opened.
  await page.evaluate((t) => localStorage.setItem('token', t), member.token);
  await page.goto(site('/user'));
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  expect(code(from(ports.mf_member)).length).toBeGreaterThan(0);
  expect(await toastifyLoaded()).toBe(1); // a member's page imports it with the page: one copy
});
