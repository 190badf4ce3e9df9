/**
 * Issue 26, the skew matrix (DESIGN §10): each cell builds only what one team would build — a
 * remote against a newer shared-api, or a shell with another session kernel — and serves every
 * other app's dist untouched (hashed before and after). In every cell the session is one: signed in
 * once, a person moves between public, member and admin pages, and signing out in one tab signs out
 * every tab.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { closeVisitors, disconnectBrowser, newVisitor } from '../support/browser';
import { addLink, adminToken, createMember, type Member } from '../support/api';
import { site, stack, startFrontEnd, stopFrontEnd } from '../support/stack';
import { signedInAt, storedToken } from '../support/session';
import { hashTree } from '../support/redeploy';
import { append, buildSkewed, replaceIn, wrapDashboard } from '../support/skew';
import { expectPath, signInThroughPage } from '../support/ui';
import { screenshots } from '../support/shots';
import { freePort } from '../support/net';

afterAll(disconnectBrowser);
afterEach(closeVisitors);

const UPDATING = 'This part of the site is being updated — reload in a minute';
const FAILED = ['This page is temporarily unavailable', UPDATING];

/** Puts the shell and mf-member back where global-setup deployed them. */
async function restore(): Promise<void> {
  const { root, ports } = stack();
  await stopFrontEnd('mf_member');
  await startFrontEnd('mf_member', { dir: join(root, 'mf-member/dist'), port: ports.mf_member });
  await stopFrontEnd('shell');
  await startFrontEnd('shell', { dir: '' });
}

const APPS = ['shell', 'mf-public', 'mf-member', 'mf-admin'];

/**
 * Every app's dist in the checkout, hashed before a cell and compared after: the apps the cell
 * serves as deployed are byte for byte what they were, and the team's build wrote only to its own
 * folder outside the checkout.
 */
async function untouched(apps: string[] = APPS): Promise<() => Promise<void>> {
  const { root } = stack();
  const before = await Promise.all(apps.map((app) => hashTree(join(root, app, 'dist'))));
  return async () => {
    const after = await Promise.all(apps.map((app) => hashTree(join(root, app, 'dist'))));
    expect(after).toEqual(before);
  };
}

/** A page's own h1 once it has loaded: never a loading state, never a failure panel. */
async function pageHeading(page: Page): Promise<string> {
  const h1 = page.locator('main h1').first();
  await h1.waitFor();
  const text = (await h1.innerText()).trim();
  expect(FAILED).not.toContain(text);
  return text;
}

/**
 * Cell 4: one session across the remotes. Signed in once through the sign-in page, the member
 * moves through public, member and admin pages with the same token; a second tab is open; Logout
 * in the first signs the second out too.
 */
async function oneSession(member: Member, memberPages: 'work' | 'updating'): Promise<void> {
  const { context, page } = await newVisitor();
  if (memberPages === 'work') await signInThroughPage(page, member.email, member.password);
  else {
    await page.goto(site('/login'));
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.getByRole('heading', { name: UPDATING }).waitFor(); // /user is the refused remote's
  }
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  for (const path of ['/', `/profile?userId=${encodeURIComponent(member.userId)}`, '/admin_dashboard', '/user']) {
    await page.goto(site(path));
    if (path === '/user' && memberPages === 'updating') await page.getByRole('heading', { name: UPDATING }).waitFor();
    else await pageHeading(page);
    expect(await storedToken(page)).toBe(token); // the same session on every remote's pages
  }
  const other = await context.newPage();
  await other.goto(site('/account'));
  if (memberPages === 'work') await other.getByRole('heading', { name: 'Account settings' }).waitFor();
  await page.goto(site('/'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expectPath(page, '/login');
  await expectPath(other, '/login'); // the other tab's guard saw the token go
  expect(await storedToken(other)).toBeNull();
}

describe('skew matrix (issue 26)', () => {
  afterAll(restore);

  test('cell 1: the old shell + mf-member built against a newer shared-api (a new call and helper) — the dashboard uses them', async () => {
    const check = await untouched();
    const dist = await buildSkewed({
      id: 'cell1',
      app: 'mf-member',
      sharedApi: {
        version: '1.1.0',
        // calls/links.ts already imports `call` and `paths`.
        patch: (dir) =>
          append(
            dir,
            'src/calls/links.ts',
            '/** 1.1.0 (skew cell 1): a call and a helper mf-member ships with itself. */\n' +
              'export const getAccountLine = () => call<{ email: string | null }>(paths.getProfile);\n' +
              'export const accountLine = (user: { email: string | null }) => `Account line: ${user.email ?? "none"}`;',
          ),
      },
      patchApp: (dir) => {
        replaceIn(dir, 'package.json', '"@rotalink/shared-api": "1.0.0"', '"@rotalink/shared-api": "^1.1.0"');
        wrapDashboard(
          dir,
          "import { useEffect, useState } from 'react';\nimport { accountLine, getAccountLine } from '@rotalink/shared-api';",
          'function SkewLine() {\n  const [line, setLine] = useState("");\n' +
            '  useEffect(() => { getAccountLine().then((u) => setLine(accountLine(u)), () => setLine("Account line failed")); }, []);\n' +
            '  return <p data-e2e-skew="">{line}</p>;\n}',
        );
      },
    });
    await stopFrontEnd('mf_member');
    await startFrontEnd('mf_member', { dir: dist });

    const member = await createMember('skew1');
    const { page } = await newVisitor();
    await signedInAt(page, member.token, '/user');
    await page.getByText(`Account line: ${member.email}`).waitFor();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await screenshots(page, 'skew', 'cell1-dashboard');
    await oneSession(member, 'work');
    await check();
  }, 900_000);

  test('cell 2: a shell with a newer kernel (an addition) + every old remote — every page works', async () => {
    const check = await untouched();
    const dist = await buildSkewed({
      id: 'cell2',
      app: 'shell',
      kernel: {
        version: '1.1.0',
        patch: (dir) => {
          replaceIn(dir, 'src/version.ts', "'1.0.0'", "'1.1.0'");
          append(
            dir,
            'src/index.ts',
            "/** 1.1.0 (skew cell 2): an addition. */\nexport const kernelFeatures = (): string[] => ['early-answers'];",
          );
          replaceIn(dir, 'exports.json', '"version": "1.0.0"', '"version": "1.1.0"');
          replaceIn(dir, 'exports.json', '"send": "1.0.0",', '"send": "1.0.0",\n    "kernelFeatures": "1.1.0",');
        },
      },
      patchApp: (dir) => replaceIn(dir, 'package.json', '"@rotalink/session-kernel": "^1.0.0"', '"@rotalink/session-kernel": "^1.1.0"'),
    });
    await stopFrontEnd('shell');
    await startFrontEnd('shell', { dir: dist });
    const served = (await (await fetch(site('/mf-manifest.json'))).json()) as { rotalinkKernel: { version: string; exports: string[] } };
    expect(served.rotalinkKernel.version).toBe('1.1.0');
    expect(served.rotalinkKernel.exports).toContain('kernelFeatures');

    const member = await createMember('skew2', { active: true });
    await addLink(member.token, member.userId, { name: 'Skew offer', url: 'https://example.com/skew', maxClicks: 5 });
    const { page } = await newVisitor();
    const visitor = `/profile?userId=${encodeURIComponent(member.userId)}`;
    for (const path of ['/', '/terms', '/privacy', '/refundpolicy', '/login', '/signup', '/forgotpassword', '/admin', visitor]) {
      await page.goto(site(path));
      await pageHeading(page);
    }
    await page.goto(site(visitor));
    await page.getByText('Skew offer').first().waitFor();
    await signedInAt(page, member.token, '/user');
    await page.getByText(member.email).first().waitFor();
    for (const path of ['/Addlinks', '/editprofile', '/addprofile', '/account', `/stats?userId=${encodeURIComponent(member.userId)}`]) {
      await page.goto(site(path));
      await pageHeading(page);
    }
    await signedInAt(page, await adminToken(), `/admin_dashboard?q=${encodeURIComponent(member.email)}`, { admin: true });
    await page.getByText(member.email).first().waitFor();
    await page.goto(site(`/user-details?userId=${encodeURIComponent(member.userId)}`));
    await pageHeading(page);
    await oneSession(member, 'work');
    await check();
  }, 900_000);

  test('cell 3: a shell whose kernel removed a name (a major) + an old remote that uses it — "being updated" there, the rest works', async () => {
    const check = await untouched();
    // mf-member's team built against kernel 1.0.0 and uses transportBase (it still may: 1.0.0 has it).
    const memberDist = await buildSkewed({
      id: 'cell3-member',
      app: 'mf-member',
      patchApp: (dir) =>
        wrapDashboard(
          dir,
          "import { transportBase } from '@rotalink/session-kernel';",
          'function SkewLine() {\n  return <p data-e2e-skew="">API at {transportBase()}</p>;\n}',
        ),
    });
    // The shell's team shipped kernel 2.0.0, which renamed transportBase to apiAddress.
    const shellDist = await buildSkewed({
      id: 'cell3-shell',
      app: 'shell',
      kernel: {
        version: '2.0.0',
        patch: (dir) => {
          replaceIn(dir, 'src/version.ts', "'1.0.0'", "'2.0.0'");
          replaceIn(dir, 'src/transport.ts', 'export function transportBase()', 'export function apiAddress()');
          replaceIn(dir, 'src/index.ts', 'transportBase,', 'apiAddress,');
          replaceIn(dir, 'exports.json', '"version": "1.0.0"', '"version": "2.0.0"');
          replaceIn(dir, 'exports.json', '"transportBase": "1.0.0",', '"apiAddress": "2.0.0",');
          replaceIn(dir, 'exports.json', '"removed": {}', '"removed": { "transportBase": "1.0.0" }');
        },
      },
      patchApp: (dir) => replaceIn(dir, 'package.json', '"@rotalink/session-kernel": "^1.0.0"', '"@rotalink/session-kernel": "^2.0.0"'),
    });
    // The new mf-member goes to its own address, and config.json points at it (DESIGN §10).
    await stopFrontEnd('mf_member');
    await startFrontEnd('mf_member', { dir: memberDist, port: await freePort() });
    await stopFrontEnd('shell');
    await startFrontEnd('shell', { dir: shellDist });

    // Before deploying, the team's check would have said so (build-config/scripts/check-kernel.mjs).
    const verdict = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [
        join(stack().root, 'build-config/scripts/check-kernel.mjs'),
        '--remote',
        memberDist,
        '--shell',
        site('/mf-manifest.json'),
      ]);
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (status) => resolve({ status, stderr }));
    });
    expect(verdict.status).toBe(1);
    expect(verdict.stderr).toMatch(/imports transportBase, which the deployed shell's kernel 2\.0\.0 does not have/);

    const member = await createMember('skew3', { active: true });
    const { page } = await newVisitor();
    const logged: string[] = [];
    page.on('console', (msg) => logged.push(msg.text()));
    for (const path of ['/user', '/Addlinks', '/account']) {
      await signedInAt(page, member.token, path);
      await page.getByRole('heading', { name: UPDATING }).waitFor();
      expect(await page.locator('[data-e2e-skew]').count()).toBe(0); // none of its code ran
    }
    expect(
      logged.some((line) => /mf_member was built with session kernel 1\.0\.0 .* imports transportBase, which kernel 2\.0\.0/.test(line)),
    ).toBe(true);
    await screenshots(page, 'skew', 'cell3-being-updated');
    // The rest of the site works: public pages, the visitor page, the admin console.
    for (const path of ['/', '/login', `/profile?userId=${encodeURIComponent(member.userId)}`]) {
      await page.goto(site(path));
      await pageHeading(page);
    }
    await signedInAt(page, await adminToken(), `/admin_dashboard?q=${encodeURIComponent(member.email)}`, { admin: true });
    await page.getByText(member.email).first().waitFor();
    await oneSession(member, 'updating');

    // The member team rolls back by config.json: the build the site had, at its own address, is
    // named there again; the same shell files are served (no shell rebuild) and the pages heal.
    const { root, ports } = stack();
    await stopFrontEnd('mf_member');
    await startFrontEnd('mf_member', { dir: join(root, 'mf-member/dist'), port: ports.mf_member });
    await stopFrontEnd('shell');
    const rolledBack = await startFrontEnd('shell');
    const config = (await (await fetch(site('/config.json'))).json()) as { remotes: Record<string, string> };
    expect(config.remotes.mf_member).toBe(rolledBack.config.remotes.mf_member);
    expect(config.remotes.mf_member).toBe(`http://127.0.0.1:${ports.mf_member}/mf-manifest.json`);
    await signedInAt(page, member.token, '/user');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.locator('[data-e2e-skew]').count()).toBe(0);
    await check();
  }, 1_200_000);
});
