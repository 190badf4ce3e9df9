/** Phone-layout checks a person would notice: sideways scrolling, controls out of reach. */
import type { Page } from 'playwright-core';

export interface ControlBox {
  what: string;
  left: number;
  right: number;
  width: number;
  height: number;
}

/** How wide the document is (scrolling sideways is possible when this exceeds the viewport). */
export const scrollWidth = (page: Page) => page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);

/** Every visible control (buttons, links, fields) with its box, after scrolling it into view. */
export async function controls(page: Page): Promise<ControlBox[]> {
  const boxes: ControlBox[] = [];
  const all = page.locator('button, a[href], input:not([type=hidden]), select, textarea, [role=button]');
  const count = await all.count();
  for (let i = 0; i < count; i += 1) {
    const control = all.nth(i);
    if (!(await control.isVisible())) continue;
    // Text meant for screen readers only (1px boxes) is not a control a finger aims at.
    await control.scrollIntoViewIfNeeded();
    const box = await control.boundingBox();
    if (!box || box.width <= 1 || box.height <= 1) continue;
    const what = await control.evaluate(
      (el) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.getAttribute('name') || '').trim().slice(0, 40)}"`,
    );
    boxes.push({
      what,
      left: Math.round(box.x),
      right: Math.round(box.x + box.width),
      width: Math.round(box.width),
      height: Math.round(box.height),
    });
  }
  return boxes;
}

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where an element is on the screen now (viewport coordinates), or null when it is not shown. */
export async function screenBox(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
  }, selector);
}

/** True when the two boxes share any area (touching edges do not count). */
export const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
