/**
 * Member links point at the outside world; this machine has no network, so a visitor's new tab is
 * answered by a stand-in page (the URL it was sent to stays visible in the tab).
 */
import type { BrowserContext } from 'playwright-core';

export async function routeExternalLinks(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/[^/]*example\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><title>Offer</title><h1>Offer page</h1>` }),
  );
}
