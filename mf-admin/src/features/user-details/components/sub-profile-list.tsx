import type { SubProfile } from '@rotalink/shared-api';
import { EMPTY, fullName } from '../../../lib/format';

/** The member's sub-profiles (spec §3): name, email and phone, as plain text. */
export function SubProfileList({ subProfiles }: { subProfiles: SubProfile[] }) {
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
                <span className="adm-links__name">{fullName(sub) || EMPTY}</span>
                <span className="adm-links__url">{[sub.email, sub.phone].filter(Boolean).join(' · ') || EMPTY}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
