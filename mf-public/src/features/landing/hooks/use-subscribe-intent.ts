import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SUBSCRIBE_INTENT } from '../../../components/return-to';
import type { PlanStatus } from './use-plan-status';

/**
 * Issue 29: Subscribe pressed while signed out leads through sign-in (or sign-up, then sign-in)
 * back to `/?subscribe=1`. Once the plan is known to be inactive, Subscribe goes on by itself
 * (its confirm dialog, then the checkout); an active plan just shows 'Your plan is active'. The
 * marker leaves the address at once, so a reload does not start a checkout again.
 */
export function useSubscribeIntent(plan: PlanStatus, subscribe: () => Promise<void>): void {
  const [params, setParams] = useSearchParams();
  const marked = params.get(SUBSCRIBE_INTENT.name) === SUBSCRIBE_INTENT.value;
  const pending = useRef(marked);
  useEffect(() => {
    if (!marked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SUBSCRIBE_INTENT.name);
        return next;
      },
      { replace: true },
    );
  }, [marked, setParams]);
  useEffect(() => {
    if (!pending.current || plan === 'checking') return;
    pending.current = false;
    if (plan === 'inactive') void subscribe();
  }, [plan, subscribe]);
}
