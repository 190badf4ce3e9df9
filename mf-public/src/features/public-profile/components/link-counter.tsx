import type { Link } from '@rotalink/shared-api';

/** "3 / 10 clicks", or "3 / ∞ clicks" for an unlimited link (spec §3: null means unlimited). */
export function LinkCounter({ link }: { link: Link }) {
  const unlimited = link.max_clicks === null;
  const percent = unlimited ? 0 : Math.min(100, Math.round((link.clicks / (link.max_clicks as number)) * 100));
  return (
    <span className="pub-counter">
      <span className="pub-counter__text">{`${link.clicks} / ${unlimited ? '∞' : link.max_clicks} clicks`}</span>
      {!unlimited && (
        <span className="pub-counter__bar" aria-hidden="true">
          <span className="pub-counter__fill" style={{ width: `${percent}%` }} />
        </span>
      )}
    </span>
  );
}

export const linkLabel = (link: Link, host: string) => link.name.trim() || host || 'Link';
