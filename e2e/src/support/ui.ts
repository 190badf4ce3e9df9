/** Steps a person takes in many journeys, done through the page as they would. */
import type { Page } from 'playwright-core';
import { site } from './stack';
import { pathOf } from './session';

/** Polls until `check` stops throwing (playwright-core has no expect of its own). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}

/** Waits until the browser is on `path` (pathname, or pathname+query when it has a '?'). */
export async function expectPath(page: Page, path: string | RegExp, timeoutMs = 10_000): Promise<void> {
  await eventually(() => {
    const now = typeof path === 'string' && !path.includes('?') ? new URL(page.url()).pathname : pathOf(page);
    if (typeof path === 'string') expect(now).toBe(path);
    else expect(now).toMatch(path);
  }, timeoutMs);
}

/** /login through the form; lands on /user. */
export async function signInThroughPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto(site('/login'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expectPath(page, '/user');
}

/** The visible text of the whole page (for "shows X" / "never shows Y"). */
export const pageText = (page: Page) => page.locator('body').innerText();

/** A toast or inline message with exactly this text shows up. */
export async function expectMessage(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

/** The "Add a link" form of /Addlinks. */
export const addLinkForm = (page: Page) => page.getByRole('form', { name: 'Add a link' });

/** /Addlinks: fill the form and add one link; waits until the pending list shows it. */
export async function addLinkThroughPage(page: Page, link: { name: string; url: string; cap: string }): Promise<void> {
  const form = addLinkForm(page);
  await form.getByLabel('URL').fill(link.url);
  await form.getByLabel('Name').fill(link.name);
  await form.getByLabel('Max clicks').fill(link.cap);
  await form.getByRole('button', { name: 'Add link' }).click();
  await page.getByRole('listitem', { name: link.name }).waitFor();
  // The form empties once the link is in: ready for the next one.
  await eventually(async () => expect(await form.getByLabel('URL').inputValue()).toBe(''));
}
