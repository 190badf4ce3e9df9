import { Link } from 'react-router-dom';
import { PLAN } from '@rotalink/shared-api';
import type { PlanStatus } from '../hooks/use-plan-status';

const FEATURES = [
  `${PLAN.linksPerProfile} links per profile`,
  'Link counter: see every click',
  'Link rotator: visitors click your links in order',
  'Sub-profiles with their own public page',
  'Pay once, use it for life',
];

/** What the card offers: a member's plan status, or 'admin' for the administrator, who has no plan. */
export type PlanCardStatus = PlanStatus | 'admin';

/**
 * The one plan of spec §9, shown as the subscribe card. A member whose plan is already active sees
 * "Your plan is active" where the Subscribe button would be (issue 13); while their plan is being
 * checked the button waits, so nobody confirms a purchase the server would then refuse. The
 * administrator is told plans are members' (the server refuses the admin's checkout).
 */
export function PlanCard({ busy, onSubscribe, status = 'unknown' }: { busy: boolean; onSubscribe: () => void; status?: PlanCardStatus }) {
  const [dollars, cents] = PLAN.amount.toFixed(2).split('.');
  return (
    <article className="pub-plan" aria-labelledby="pub-plan-title">
      <p className="pub-plan__badge">Best value</p>
      <h3 id="pub-plan-title" className="pub-plan__name">
        {PLAN.label}
      </h3>
      <p className="pub-plan__price">
        <span className="pub-visually-hidden">Price: </span>
        <span className="pub-plan__currency" aria-hidden="true">
          $
        </span>
        <span className="pub-plan__amount" aria-hidden="true">
          {dollars}
        </span>
        <span className="pub-plan__cents" aria-hidden="true">
          .{cents}
        </span>
        <span className="pub-visually-hidden">${PLAN.amount.toFixed(2)} USD</span>
        <span className="pub-plan__period">one-time payment</span>
      </p>
      <ul className="pub-plan__features">
        {FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {status === 'admin' ? (
        <p className="pub-alert pub-alert--info pub-plan__admin">
          You are signed in as the administrator: members buy plans from their own account.
        </p>
      ) : status === 'active' ? (
        <>
          <p className="pub-plan__active" role="status">
            <span aria-hidden="true">✓ </span>Your plan is active
          </p>
          <Link className="pub-btn pub-btn--ghost pub-btn--block" to="/user">
            Go to your dashboard
          </Link>
        </>
      ) : (
        <>
          <SubscribeButton busy={busy} checking={status === 'checking'} onSubscribe={onSubscribe} />
          <p className="pub-plan__note pub-muted">Secure checkout. 14-day money-back guarantee.</p>
        </>
      )}
    </article>
  );
}

function SubscribeButton({ busy, checking, onSubscribe }: { busy: boolean; checking: boolean; onSubscribe: () => void }) {
  const waiting = busy || checking;
  return (
    <button type="button" className="pub-btn pub-btn--block" onClick={onSubscribe} disabled={waiting} aria-busy={waiting || undefined}>
      {waiting && <span className="pub-spinner" aria-hidden="true" />}
      {busy ? 'Opening checkout…' : checking ? 'Checking your plan…' : 'Subscribe'}
    </button>
  );
}
