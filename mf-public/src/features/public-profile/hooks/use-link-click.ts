import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiError, incrementClicks, MESSAGES, type Link } from '@rotalink/shared-api';
import { closeTab, openPlaceholderTab, safeHref, showInTab } from './link-target';

/** Texts the server sends when it refuses a click on purpose (409 queue/cap, 429 rate limit). */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 409 || error.status === 429) && Boolean(error.serverMessage);

/**
 * The click flow of spec §4: count the click, show the returned message, reload the links and
 * open the link in a new tab. The tab is opened empty during the click (popup blockers) and
 * pointed at the link only once the click is counted; it is closed again if the count fails.
 */
export function useLinkClick(reloadLinks: () => void) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const busy = useRef(false);

  function openHead(link: Link) {
    if (busy.current) return; // one click at a time: no double counting
    const href = safeHref(link.link);
    if (!href) {
      toast.error('This link cannot be opened.');
      return;
    }
    busy.current = true;
    setBusyId(link.id);
    const tab = openPlaceholderTab();

    incrementClicks(link.id)
      .then(
        (answer) => {
          toast.success(answer?.message || 'Click counted.');
          reloadLinks();
          showInTab(tab, href);
        },
        (error: unknown) => {
          closeTab(tab);
          toast.error(isRefusal(error) ? error.serverMessage : MESSAGES.updateClicksFailed);
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
