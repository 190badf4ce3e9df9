import { Link as RouterLink } from 'react-router-dom';
import type { SubProfile } from '@rotalink/shared-api';
import { displayName, EMPTY } from '../../../lib/format';
import { userDetailsPath } from '../../../lib/paths';

interface SubProfileListProps {
  subProfiles: SubProfile[];
  /** The list's place, carried on so "← All users" on the sub-profile's page still returns there. */
  from: string;
}

/**
 * The member's sub-profiles (spec §3). Each name opens the sub-profile's own details page (its
 * links and clicks); the email and phone are plain text, so they are not styled as a link.
 */
export function SubProfileList({ subProfiles, from }: SubProfileListProps) {
  return (
    <section className="adm-card adm-links" aria-labelledby="adm-sub-profiles">
      <h2 id="adm-sub-profiles">
        Sub-profiles <span className="adm-muted">({subProfiles.length})</span>
      </h2>
      {subProfiles.length === 0 ? (
        <p className="adm-muted">No sub-profiles.</p>
      ) : (
        <ul className="adm-links__list">
          {subProfiles.map((sub) => (
            <li key={sub.user_id} className="adm-links__item">
              <div className="adm-links__text">
                <RouterLink className="adm-links__name adm-links__to" to={userDetailsPath(sub.user_id)} state={{ from }}>
                  {displayName(sub)}
                </RouterLink>
                <span className="adm-links__contact">{[sub.email, sub.phone].filter(Boolean).join(' · ') || EMPTY}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
