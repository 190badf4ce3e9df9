import type { AdminUser } from '@rotalink/shared-api';
import { EMPTY, formatDate, formatPrice, planLabel, statusLabel } from '../../../lib/format';

/** The user's membership and profile facts. Member-written texts are shown as plain text. */
export function UserSummary({ user, onEdit }: { user: AdminUser; onEdit: () => void }) {
  const rows: Array<[string, string]> = [
    ['Email', user.email || EMPTY],
    ['Status', statusLabel(user.subscription_status)],
    ['Plan', planLabel(user)],
    ['Price', formatPrice(user.package_price)],
    ['Joined', formatDate(user.package_joined_date, true)],
    ['Expires', formatDate(user.package_expiry_date, true)],
    ['Sub-profiles', String(user.sub_profile_count ?? 0)],
    ['Title', user.title || EMPTY],
    ['Slogan', user.slogan || EMPTY],
    ['About', user.about || EMPTY],
  ];
  return (
    <section className="adm-card adm-summary" aria-labelledby="adm-summary-title">
      <div className="adm-summary__head">
        <h2 id="adm-summary-title">Membership</h2>
        <button type="button" className="adm-btn adm-btn--primary" onClick={onEdit}>
          Edit membership
        </button>
      </div>
      <dl className="adm-summary__list">
        {rows.map(([label, value]) => (
          <div key={label} className="adm-summary__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
