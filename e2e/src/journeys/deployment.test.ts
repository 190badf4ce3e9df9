/**
 * Independent deployment (DESIGN §1-§2, §9): mf-member is rebuilt and redeployed on its own, the
 * browser shows the change on reload, the shell's files stay byte-identical; moving a remote to a
 * new address is a config.json change, not a shell rebuild. And a remote that is down: its pages
 * show the Retry panel, the rest of the site works, Retry recovers once it is back.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { createMember } from '../support/api';
import { deployment, site, stack, startFrontEnd, stopFrontEnd } from '../support/stack';
import { signedInAt } from '../support/session';
import { buildChangedMember, hashTree } from '../support/redeploy';
import { screenshots } from '../support/shots';
import { freePort } from '../support/net';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

/** Puts mf-member back where global-setup deployed it, whatever a test did. */
async function restoreMember(): Promise<void> {
  const { root, ports } = stack();
  await stopFrontEnd('mf_member');
  await startFrontEnd('mf_member', { dir: join(root, 'mf-member/dist'), port: ports.mf_member });
  await stopFrontEnd('shell');
  await startFrontEnd('shell');
}

describe('independent deployment', () => {
  afterAll(restoreMember);

  test('mf-member alone is rebuilt and redeployed: the reload shows it, the shell files are untouched', async () => {
    const shellDist = join(stack().root, 'shell/dist');
    const shellBefore = await hashTree(shellDist);
    const member = await createMember('redeploy');
    const { page } = await newVisitor();
    await signedInAt(page, member.token, '/user');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.locator('[data-e2e-release]').count()).toBe(0);

    const buildId = `e2e-${randomBytes(4).toString('hex')}`;
    const dist = await buildChangedMember(buildId);
    await stopFrontEnd('mf_member');
    await startFrontEnd('mf_member', { dir: dist });

    await page.reload();
    await page.getByText(`Release ${buildId}`).waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await screenshots(page, 'deployment', 'redeployed-dashboard');
    expect(await hashTree(shellDist)).toEqual(shellBefore);
  }, 300_000);

  test('pointing config.json at a remote on a new address needs no shell rebuild', async () => {
    const shellDist = join(stack().root, 'shell/dist');
    const shellBefore = await hashTree(shellDist);
    const newPort = await freePort();
    await stopFrontEnd('mf_member');
    await startFrontEnd('mf_member', { port: newPort });
    // Only the shell's config changes: the same shell/dist is served again with the new config.
    await stopFrontEnd('shell');
    const state = await startFrontEnd('shell');
    expect(state.config.remotes.mf_member).toBe(`http://127.0.0.1:${newPort}/mf-manifest.json`);
    const served = (await (await fetch(site('/config.json'))).json()) as { remotes: Record<string, string> };
    expect(served.remotes.mf_member).toBe(state.config.remotes.mf_member);

    const member = await createMember('moved');
    const { page } = await newVisitor();
    const ports: string[] = [];
    page.on('request', (req) => ports.push(new URL(req.url()).port));
    await signedInAt(page, member.token, '/user');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(ports).toContain(String(newPort));
    expect(ports).not.toContain(String(stack().ports.mf_member));
    expect(await hashTree(shellDist)).toEqual(shellBefore);
  });
});

describe('a remote that is down', () => {
  afterAll(restoreMember);

  test("mf-member's pages show the Retry panel, the rest works, and Retry recovers", async () => {
    const member = await createMember('down');
    await stopFrontEnd('mf_member');
    const { page } = await newVisitor();
    await signedInAt(page, member.token, '/user');
    await page
      .getByText(/temporarily unavailable/i)
      .first()
      .waitFor({ timeout: 30_000 });
    const retry = page.getByRole('button', { name: /retry/i });
    await retry.waitFor();
    await screenshots(page, 'remote-down', 'dashboard');
    // The shell still works: its navbar, and pages of the other remotes.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /home/i }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(site(`/profile?userId=${encodeURIComponent(member.userId)}`));
    await page.getByText(/Ada/).first().waitFor();

    // Back on the member page while it is still down, then the remote returns: Retry recovers.
    await page.goto(site('/user'));
    await retry.waitFor({ timeout: 30_000 });
    const { deployments } = await deployment();
    await startFrontEnd('mf_member', deployments.mf_member);
    await retry.click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByText(member.email).first().waitFor();
  });
});

describe('a remote that goes down while it is in use', () => {
  afterAll(restoreMember);

  test('the next member page shows the Retry panel; Retry recovers once it is back', async () => {
    const member = await createMember('midway');
    const { page } = await newVisitor();
    await signedInAt(page, member.token, '/user');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const { deployments } = await deployment();
    await stopFrontEnd('mf_member');

    // Another page of the same, already loaded remote needs a chunk it has not fetched yet.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    const retry = page.getByRole('button', { name: /retry/i });
    await page
      .getByText(/temporarily unavailable/i)
      .first()
      .waitFor({ timeout: 30_000 });
    await startFrontEnd('mf_member', deployments.mf_member);
    await retry.click();
    await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /save profile/i }).waitFor();
  });
});

describe('a broken deploy of a remote', () => {
  afterAll(async () => {
    const { root, ports } = stack();
    await stopFrontEnd('mf_admin');
    await startFrontEnd('mf_admin', { dir: join(root, 'mf-admin/dist'), port: ports.mf_admin });
  });

  test('a remote whose page chunks are missing shows the Retry panel, not a blank page', async () => {
    // The remote's entry and manifest are there, its page code is not (a half-finished upload).
    const broken = join(stack().tmp, 'mf-admin-broken');
    cpSync(join(stack().root, 'mf-admin/dist'), broken, { recursive: true });
    for (const file of readdirSync(join(broken, 'static/js'))) {
      if (file.includes('.chunk.js')) rmSync(join(broken, 'static/js', file));
    }
    await stopFrontEnd('mf_admin');
    await startFrontEnd('mf_admin', { dir: broken });

    const { page } = await newVisitor();
    await page.goto(site('/admin'));
    await page
      .getByText(/temporarily unavailable/i)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /retry/i }).waitFor();
    // The shell and the other remotes carry on.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  });
});
