import { useRef, useState } from 'react';
import { errorKind, errorText, incrementClicks, linkHref, MESSAGES, type Link } from '@rotalink/shared-api';
import { loadToasts, toastLater } from '../../../lib/toasts';
import { openPlaceholderTab, showInTab } from './link-target';

/**
 * A click the server refused on purpose (the queue moved on, the cap was reached, too many clicks):
 * its own text says why. Any other failure is spec §8's 'Failed to update click count.'.
 */
function clickFailureText(error: unknown): string {
  const kind = errorKind(error);
  // Issue 29: no answer at all gets a second line saying so (the spec text stays the first).
  return errorText(error, MESSAGES.updateClicksFailed, {
    serverText: kind === 'conflict' || kind === 'rate-limited',
    network: `${MESSAGES.updateClicksFailed}\n${CLICK_UNREACHABLE}`,
  });
}

export const CLICK_UNREACHABLE = 'The site could not be reached, so your click was not recorded. Please try again.';
/**
 * What a visitor sees when a click went through (issue 29). Whether it counted toward the cap (a
 * repeat, a preview) is the owner's business, in their Stats; the visitor only needs to know the
 * link is opening. The server's message for a counted click is still shown (spec §4).
 */
export const CLICK_OPENING = 'Opening your link.';

/**
 * A second tap on the same link this soon after its click was sent is the other half of a double
 * tap, not a new visit: the count answers in a few ms, so the in-flight guard alone let a phone's
 * double tap (80-250 ms apart) burn two clicks and open two tabs. Phones tell taps from double taps
 * at ~300 ms; a person who means to open the link again first comes back from the tab it opened.
 */
export const DOUBLE_TAP_MS = 500;

/**
 * The click flow of spec §4: count the click, show the returned message, reload the links and
 * open the link in a new tab. The tab opens only once the server answered (issue 29: with the API
 * unreachable a blank tab opened and closed again); the answer comes within the browser's few
 * seconds of user activation, so popup blockers allow it. A blocked tab gets an "Open the link"
 * toast the visitor can tap.
 */
export function useLinkClick(reloadLinks: () => void) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const busy = useRef(false);
  const lastSent = useRef<{ id: string; at: number } | null>(null);

  function openHead(link: Link) {
    if (busy.current) return; // one click at a time: no double counting
    if (lastSent.current?.id === link.id && Date.now() - lastSent.current.at < DOUBLE_TAP_MS) return;
    const href = linkHref(link.link); // only web addresses are ever opened (spec §5)
    if (!href) {
      toastLater((toast) => toast.error('This link cannot be opened.'));
      return;
    }
    busy.current = true;
    lastSent.current = { id: link.id, at: Date.now() };
    setBusyId(link.id);
    void loadToasts().catch(() => undefined); // beside the count: its toast is not late (lib/toasts.ts)

    // Where the visitor came from to this page (issue 14: the click event keeps its host only).
    incrementClicks(link.id, document.referrer)
      .then(
        (answer) => {
          toastLater((toast) => toast.success(answer?.counted === false ? CLICK_OPENING : answer?.message || 'Click counted.'));
          reloadLinks();
          // Issue 30: the server's destination carries the click id and the link's macros; only an
          // https address is ever opened (linkHref), else the link's own URL.
          const target = (answer?.destination && linkHref(answer.destination)) || href;
          if (!showInTab(openPlaceholderTab(), target))
            toastLater((toast) => toast.info(<OpenLinkToast href={target} />, { autoClose: false }));
        },
        (error: unknown) => {
          toastLater((toast) => toast.error(clickFailureText(error)));
          reloadLinks(); // the queue may have moved on (another visitor completed the link)
        },
      )
      .finally(() => {
        busy.current = false;
        setBusyId(null);
      });
  }

  /** Spec §4: a later link is refused with a message, and nothing is counted. */
  function refuseLater() {
    toastLater((toast) => toast.error(MESSAGES.completePreviousFirst, { toastId: 'pub-complete-previous' }));
  }

  return { openHead, refuseLater, busyId };
}

/** A tab the browser blocked: the visitor opens it with a tap of their own. */
function OpenLinkToast({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      Open the link
    </a>
  );
}
