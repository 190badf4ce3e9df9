import { PLAN, type User } from '@rotalink/shared-api';
import { SubscribeButton } from '../../../components/subscribe-button';
import { formatDate, formatPrice } from './format';

/**
 * Spec §4: 'active' is shown as active; anything else is shown as Inactive.
 * A sub-profile signed in on its own sees its member's plan and cannot buy one (the server
 * refuses its payment session), so it gets no Subscribe button.
 */
export function SubscriptionCard({ user, onAlreadyActive }: { user: User; onAlreadyActive?: () => void }) {
  const active = user.subscription_status === 'active';
  const isSubProfile = user.account === 'sub-profile';
  return (
    <section className="mem-card" aria-labelledby="mem-sub-heading">
      <div className="mem-header">
        <h2 id="mem-sub-heading">Subscription</h2>
        <span className={active ? 'mem-badge mem-badge--ok' : 'mem-badge'}>{active ? 'Active' : 'Inactive'}</span>
      </div>
      {active ? (
        <dl className="mem-dl">
          <dt>Plan</dt>
          <dd>{isSubProfile ? `${PLAN.label} (the member's plan)` : PLAN.label}</dd>
          <dt>Price</dt>
          <dd>{formatPrice(user.package_price)}</dd>
          <dt>Joined</dt>
          <dd>{formatDate(user.package_joined_date)}</dd>
          <dt>Expires</dt>
          <dd>{user.package_expiry_date ? formatDate(user.package_expiry_date) : 'Never (lifetime access)'}</dd>
          <dt>Links</dt>
          <dd>Up to {PLAN.linksPerProfile} per profile</dd>
        </dl>
      ) : isSubProfile ? (
        <div className="mem-notice">
          <p style={{ margin: 0 }}>
            The member&apos;s plan is inactive. Once the member subscribes, you can add up to {PLAN.linksPerProfile} links to this page.
          </p>
        </div>
      ) : (
        <div className="mem-notice">
          <p style={{ margin: 0 }}>
            Your plan is inactive. Subscribe once to the lifetime plan for ${PLAN.amount} to add up to {PLAN.linksPerProfile} links to each
            of your profiles.
          </p>
          <SubscribeButton onAlreadyActive={onAlreadyActive} />
        </div>
      )}
    </section>
  );
}
