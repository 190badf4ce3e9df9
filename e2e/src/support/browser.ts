/**
 * One Chromium for the whole run (launched by global-setup); every visitor gets a fresh context,
 * so no storage or cache leaks between people.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { stack } from './stack';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

let browser: Browser | undefined;
const contexts = new Set<BrowserContext>();

export async function connectBrowser(): Promise<Browser> {
  if (!browser || !browser.isConnected()) browser = await chromium.connect(stack().wsEndpoint);
  return browser;
}

export interface VisitorOptions {
  phone?: boolean;
  /** e.g. ['clipboard-read', 'clipboard-write'] on the shell's origin */
  permissions?: string[];
}

/** A new person with an empty browser: fresh context and one page on the shell's origin. */
export async function newVisitor(options: VisitorOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const b = await connectBrowser();
  const context = await b.newContext({
    // The browser a person uses: headless Chromium names itself "HeadlessChrome", which the API
    // rightly takes for a bot and does not count (issue 14).
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${b.version().split('.')[0]}.0.0.0 Safari/537.36`,
    viewport: options.phone ? PHONE : DESKTOP,
    isMobile: false,
    hasTouch: Boolean(options.phone),
  });
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: stack().shellUrl });
  contexts.add(context);
  context.on('close', () => contexts.delete(context));
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  watchPageErrors(page);
  return { context, page };
}

/** Page errors and failed scripts go to the test log: they explain most red journeys. */
function watchPageErrors(page: Page): void {
  page.on('pageerror', (err) => console.warn(`[page error] ${page.url()}: ${err.message}`));
}

/** Closes every context this test file opened (afterEach/afterAll). */
export async function closeVisitors(): Promise<void> {
  await Promise.all([...contexts].map((c) => c.close().catch(() => undefined)));
}

export async function disconnectBrowser(): Promise<void> {
  await closeVisitors();
  await browser?.close().catch(() => undefined);
  browser = undefined;
}
