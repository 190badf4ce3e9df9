/* global PerformanceObserver, MutationObserver, getComputedStyle, requestAnimationFrame -- runs in the page */
// Injected into the visitor page before any of its scripts (Playwright addInitScript).
// Records, relative to navigation start: every LCP candidate, every layout shift, and the first
// moment the first pending link (found by its name) is on screen and enabled: "clickable".
// The link name arrives as window.__benchLinkName, set by a preceding init script.
(() => {
  const probe = (window.__bench = { lcp: [], shifts: [], clickableAt: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        probe.lcp.push({ startTime: e.startTime, size: e.size, tag: e.element ? e.element.tagName : null });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        // Which elements moved, so a failing CLS names its cause.
        const sources = (e.sources || []).map((s) =>
          s.node && s.node.nodeType === 1
            ? `${s.node.tagName.toLowerCase()}${s.node.className ? '.' + String(s.node.className).trim().split(/\s+/).join('.') : ''}`
            : '#text',
        );
        probe.shifts.push({ startTime: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (e) {
    probe.observerError = String(e);
  }
  const isClickable = (el) => {
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.pointerEvents !== 'none';
  };
  const check = () => {
    if (probe.clickableAt !== null || !document.body) return;
    const name = window.__benchLinkName;
    for (const el of document.querySelectorAll('a[href], button, [role="button"], [role="link"]')) {
      const text = `${el.textContent || ''} ${el.getAttribute('aria-label') || ''}`;
      if (name && text.includes(name) && isClickable(el)) {
        probe.clickableAt = performance.now();
        probe.clickableTag = el.tagName;
        return;
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const poll = () => {
    check();
    if (probe.clickableAt === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})();
