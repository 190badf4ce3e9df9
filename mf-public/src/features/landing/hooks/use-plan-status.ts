import { useEffect, useState } from 'react';
import { getProfile } from '@rotalink/shared-api';

/**
 * Whether the signed-in member's plan is already active (issue 13): the landing page then says so
 * instead of offering a $144.56 purchase the server would refuse after the confirm dialog.
 * 'unknown' (signed out, or the check failed) keeps the spec's Subscribe button — the server
 * still refuses a second purchase, so a failed check costs nothing but that message. An admin is
 * not checked (no profile of their own); the landing page shows them the card without Subscribe.
 */
export type PlanStatus = 'unknown' | 'checking' | 'active' | 'inactive';

/** The status, and how to say the server has just answered "already active" (a tab opened before the payment). */
export function usePlanStatus(check: boolean): [PlanStatus, () => void] {
  const [status, setStatus] = useState<PlanStatus>(check ? 'checking' : 'unknown');
  useEffect(() => {
    if (!check) {
      setStatus('unknown');
      return;
    }
    let live = true;
    setStatus('checking');
    getProfile().then(
      (user) => {
        if (live) setStatus(user.subscription_status === 'active' ? 'active' : 'inactive');
      },
      () => {
        if (live) setStatus('unknown');
      },
    );
    return () => {
      live = false;
    };
  }, [check]);
  return [status, () => setStatus('active')];
}
