import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { errorKind, errorText, incrementClicks, linkHref, MESSAGES, type Link } from '@rotalink/shared-api';
import { closeTab, openPlaceholderTab, showInTab } from './link-target';

/**
 * A click the server refused on purpose (the queue moved on, the cap was reached, too many clicks):
 * its own text says why. Any other failure is spec §8's 'Failed to update click count.'.
 */
function clickFailureText(error: unknown): string {
  const kind = errorKind(error);
  return errorText(error, MESSAGES.updateClicksFailed, { serverText: kind === 'conflict' || kind === 'rate-limited' });
}

/**
 * A second tap on the same link this soon after its click was sent is the other half of a double
 * tap, not a new visit: the count answers in a few ms, so the in-flight guard alone let a phone's
 * double tap (80-250 ms apart) burn two clicks and open two tabs. Phones tell taps from double taps
 * at ~300 ms; a person who means to open the link again first comes back from the tab it opened.
 */
export const DOUBLE_TAP_MS = 500;

/**
 * The click flow of spec §4: count the click, show the returned message, reload the links and
 * open the link in a new tab. The tab is opened empty during the click (popup blockers) and
 * pointed at the link only once the click is counted; it is closed again if the count fails.
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
      toast.error('This link cannot be opened.');
      return;
    }
    busy.current = true;
    lastSent.current = { id: link.id, at: Date.now() };
    setBusyId(link.id);
    const tab = openPlaceholderTab();

    // Where the visitor came from to this page (issue 14: the click event keeps its host only).
    incrementClicks(link.id, document.referrer)
      .then(
        (answer) => {
          // A click that did not count (a repeat, a preview) is news, not a success (issue 14).
          if (answer?.counted === false) toast.info(answer.message);
          else toast.success(answer?.message || 'Click counted.');
          reloadLinks();
          // Issue 30: the server's destination carries the click id and the link's macros; only an
          // https address is ever opened (linkHref), else the link's own URL.
          showInTab(tab, (answer?.destination && linkHref(answer.destination)) || href);
        },
        (error: unknown) => {
          closeTab(tab);
          toast.error(clickFailureText(error));
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
    toast.error(MESSAGES.completePreviousFirst, { toastId: 'pub-complete-previous' });
  }

  return { openHead, refuseLater, busyId };
}
