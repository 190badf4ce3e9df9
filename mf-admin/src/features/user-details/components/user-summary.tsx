import { Link as RouterLink } from 'react-router-dom';
import type { AdminUser, OwningMember } from '@rotalink/shared-api';
import { EMPTY, formatDate, formatPrice, planLabel, statusLabel } from '../../../lib/format';
import { userDetailsPath } from '../../../lib/paths';

interface UserSummaryProps {
  user: AdminUser;
  member?: OwningMember | null;
  from: string;
  onEdit: () => void;
}

export const SUB_PROFILE_NOTE = 'This is a sub-profile: it uses its member’s plan, so its membership is edited on the member’s page.';

/**
 * The user's membership and profile facts. Member-written texts are shown as plain text.
 * A sub-profile has no plan of its own (its plan columns stay empty and the server refuses to
 * edit them), so it shows neither "Inactive"/"No plan" nor Edit membership, and links to its
 * member (`member` of the single-user read; an older API does not send it), carrying `from` (the
 * list's place) on for "← All users".
 */
export function UserSummary({ user, member, from, onEdit }: UserSummaryProps) {
  const subProfile = user.account === 'sub-profile';
  const membership: Array<[string, string]> = subProfile
    ? [['Plan', 'Its member’s plan']]
    : [
        ['Status', statusLabel(user.subscription_status)],
        ['Plan', planLabel(user)],
        ['Price', formatPrice(user.package_price)],
        ['Joined', formatDate(user.package_joined_date, true)],
        ['Expires', formatDate(user.package_expiry_date, true)],
        ['Sub-profiles', String(user.sub_profile_count ?? 0)],
      ];
  const rows: Array<[string, string]> = [
    ['Email', user.email || EMPTY],
    ...membership,
    ['Title', user.title || EMPTY],
    ['Slogan', user.slogan || EMPTY],
    ['About', user.about || EMPTY],
  ];
  return (
    <section className="adm-card adm-summary" aria-labelledby="adm-summary-title">
      <div className="adm-summary__head">
        <h2 id="adm-summary-title">Membership</h2>
        {!subProfile && (
          <button type="button" className="adm-btn adm-btn--primary" onClick={onEdit}>
            Edit membership
          </button>
        )}
      </div>
      {subProfile && <p className="adm-summary__note">{SUB_PROFILE_NOTE}</p>}
      {subProfile && member && (
        <p className="adm-summary__note">
          Sub-profile of{' '}
          <RouterLink to={userDetailsPath(member.user_id)} state={{ from }}>
            {member.email || `${member.first_name} ${member.last_name}`.trim()}
          </RouterLink>
        </p>
      )}
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
