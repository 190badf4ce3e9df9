import { useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, checkLink, errorText, pauseLink, type Link, type LinkCheck, type MemberLinkLists } from '@rotalink/shared-api';

export const CHECK_FAILED = 'The check could not run. Try again.';

/** What a health action needs of the page's lists: show the lists the server answered. */
interface ListsHandle {
  replace: (lists: MemberLinkLists) => void;
}

/**
 * Issue 16: pause / resume a link and "Check now". Each answer carries the owner's lists after
 * the change (a check can pause a link on its third failure), so the page shows what the server
 * holds. The result of a Check now stays beside its link until the page is left.
 */
export function useLinkHealth(userId: string, lists: ListsHandle) {
  /** The link whose pause, resume or check is running: its buttons wait. */
  const [busyLinkId, setBusyLinkId] = useState<string | null>(null);
  const [checkingId, setCheckingId] = useState<string | null>(null);
  const [checks, setChecks] = useState<Record<string, LinkCheck>>({});
  /** The failure of the last Check now per link (the check itself could not run). */
  const [checkErrors, setCheckErrors] = useState<Record<string, string>>({});

  const setPaused = async (link: Link, paused: boolean) => {
    setBusyLinkId(link.id);
    try {
      const result = await pauseLink({ link_id: link.id, user_id: userId, paused });
      lists.replace(result.lists);
      toast.success(result.message);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.somethingWentWrong));
    } finally {
      setBusyLinkId(null);
    }
  };

  const check = async (link: Link) => {
    setBusyLinkId(link.id);
    setCheckingId(link.id);
    setCheckErrors(({ [link.id]: _old, ...rest }) => rest);
    try {
      const result = await checkLink({ link_id: link.id, user_id: userId });
      setChecks((all) => ({ ...all, [link.id]: result.check }));
      lists.replace(result.lists);
    } catch (error) {
      setCheckErrors((all) => ({ ...all, [link.id]: errorText(error, CHECK_FAILED) }));
    } finally {
      setBusyLinkId(null);
      setCheckingId(null);
    }
  };

  return {
    busyLinkId,
    /** The link whose Check now is running. */
    checkingId,
    /** The latest Check now of each link in this visit. */
    checks,
    checkErrors,
    pause: (link: Link) => setPaused(link, true),
    resume: (link: Link) => setPaused(link, false),
    check,
  };
}

export type LinkHealth = ReturnType<typeof useLinkHealth>;
