import { linkHref, type Link } from '@rotalink/shared-api';

function LinkItem({ link }: { link: Link }) {
  const href = linkHref(link.link); // only web addresses become clickable (spec §5)
  const max = link.max_clicks === null ? '∞' : String(link.max_clicks);
  return (
    <li className="adm-links__item">
      <div className="adm-links__text">
        <span className="adm-links__name">{link.name || 'Untitled link'}</span>
        {href ? (
          <a className="adm-links__url" href={href} target="_blank" rel="noopener noreferrer">
            {link.link}
          </a>
        ) : (
          <span className="adm-links__url">{link.link}</span>
        )}
      </div>
      <span className="adm-links__clicks" aria-label={`${link.clicks} of ${max === '∞' ? 'unlimited' : max} clicks`}>
        {link.clicks} / {max}
      </span>
    </li>
  );
}

interface LinkListProps {
  title: string;
  links: Link[];
  empty: string;
}

/** One titled list of links with its clicks / max (∞ for unlimited, spec §3). */
export function LinkList({ title, links, empty }: LinkListProps) {
  const headingId = `adm-links-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="adm-card adm-links" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} <span className="adm-muted">({links.length})</span>
      </h2>
      {links.length === 0 ? (
        <p className="adm-muted">{empty}</p>
      ) : (
        <ol className="adm-links__list">
          {links.map((link) => (
            <LinkItem key={link.id} link={link} />
          ))}
        </ol>
      )}
    </section>
  );
}
