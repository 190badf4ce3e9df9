/** Putting a session in or reading it out of a visitor's browser (spec §3: localStorage 'token'). */
import type { Page } from 'playwright-core';
import { site } from './stack';

/** Opens the site once (to be on its origin), stores the token, then goes to `path`. */
export async function signedInAt(page: Page, token: string, path: string, options: { admin?: boolean } = {}): Promise<void> {
  await page.goto(site('/'));
  await page.evaluate(
    ([t, admin]) => {
      localStorage.setItem('token', t);
      if (admin) localStorage.setItem('isAdmin', 'true');
      else localStorage.removeItem('isAdmin');
    },
    [token, options.admin ? '1' : ''] as const,
  );
  await page.goto(site(path));
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** The path (with query) the page is on now. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
