import { linkHref } from '@rotalink/shared-api';

/** The host shown under a link's name, so visitors see where it leads. */
export function displayHost(url: string): string {
  const href = linkHref(url);
  if (!href) return url;
  try {
    return new URL(href).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * Opens an empty tab synchronously, inside the click handler, while the browser still counts the
 * click as a user gesture (popup blockers allow it). The tab is cut from this page at once
 * (opener = null), so the site it later shows cannot reach back to the visitor page.
 */
export function openPlaceholderTab(): Window | null {
  let tab: Window | null = null;
  try {
    tab = window.open('about:blank', '_blank');
  } catch {
    return null;
  }
  if (!tab) return null;
  try {
    tab.opener = null;
    tab.document.title = 'Opening link…';
    tab.document.body.textContent = 'Opening your link…';
  } catch {
    /* some browsers refuse writes to the new document; the tab still works */
  }
  return tab;
}

/** Sends the opened tab to the link; false when the browser blocked the tab (nothing opened). */
export function showInTab(tab: Window | null, href: string): boolean {
  if (!tab || tab.closed) return false;
  tab.location.replace(href);
  return true;
}
