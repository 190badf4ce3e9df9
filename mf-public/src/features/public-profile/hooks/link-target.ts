/**
 * Where a visitor's click may go: only web addresses. The server stores 'https://…' (DESIGN §6
 * turns 'www.' into 'https://www.'); anything else (javascript:, data:) is never opened.
 */
export function safeHref(url: string): string | null {
  const value = url.trim();
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  if (/^www\.[^\s]+$/i.test(value)) return `https://${value}`;
  return null;
}

/** The host shown under a link's name, so visitors see where it leads. */
export function displayHost(url: string): string {
  const href = safeHref(url);
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

/** Sends the placeholder tab to the link, or opens a fresh one if the placeholder was blocked. */
export function showInTab(tab: Window | null, href: string): void {
  if (tab && !tab.closed) {
    tab.location.replace(href);
    return;
  }
  window.open(href, '_blank', 'noopener,noreferrer');
}

export function closeTab(tab: Window | null): void {
  try {
    tab?.close();
  } catch {
    /* already gone */
  }
}
