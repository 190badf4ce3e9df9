/**
 * Screenshots of every page, desktop 1280×800 and phone 360×740, to e2e/artifacts/
 * <journey>-<page>-{desktop,phone}.png (gitignored) — for a person to look at.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser';
import { stack } from './stack';

export async function screenshots(page: Page, journey: string, name: string): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150); // let the layout settle after the resize
    await page.screenshot({ path: join(stack().artifacts, `${journey}-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}
