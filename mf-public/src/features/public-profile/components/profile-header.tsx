import type { AboutProfile } from '@rotalink/shared-api';

/**
 * The first whole character a reader sees (a grapheme: an emoji, a flag, a letter with its
 * accent), not the first UTF-16 unit: "🚀 Rocket" showed half an emoji, drawn as "�".
 */
const firstCharacter = (text: string): string => {
  const [first] = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.trim());
  return first?.segment ?? '';
};

export function initials(profile: Pick<AboutProfile, 'first_name' | 'last_name'>): string {
  const letters = [profile.first_name, profile.last_name].map(firstCharacter).join('');
  return letters.toUpperCase() || '?';
}

/** The owner's title, name, slogan and about — member text, always rendered as text. */
export function ProfileHeader({ profile }: { profile: AboutProfile }) {
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  const title = profile.title.trim();
  return (
    <header className="pub-card pub-owner">
      <div className="pub-owner__top">
        <span className="pub-owner__avatar" aria-hidden="true">
          {initials(profile)}
        </span>
        <div className="pub-owner__names">
          <h1 className="pub-owner__title">{title || name || 'Rotalink page'}</h1>
          {title && name && <p className="pub-owner__name">{name}</p>}
        </div>
      </div>
      {profile.slogan.trim() && <p className="pub-owner__slogan">{profile.slogan}</p>}
      {profile.about.trim() && <p className="pub-owner__about">{profile.about}</p>}
    </header>
  );
}

/** Same footprint as the header, so nothing jumps when the profile arrives. */
export function ProfileHeaderSkeleton() {
  return (
    <div className="pub-card pub-owner pub-owner--skeleton" aria-hidden="true">
      <div className="pub-owner__top">
        <span className="pub-owner__avatar pub-skel" />
        <div className="pub-owner__names">
          <span className="pub-skel pub-skel--line pub-skel--w60" />
          <span className="pub-skel pub-skel--line pub-skel--w40" />
        </div>
      </div>
      <span className="pub-skel pub-skel--line pub-skel--w80" />
      <span className="pub-skel pub-skel--line" />
    </div>
  );
}
