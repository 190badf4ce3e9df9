import { linkHref, type Link } from '@rotalink/shared-api';

/** Spec §3: max_clicks null means unlimited, shown as infinity. */
export function clicksLabel(link: Link): string {
  return `${link.clicks} / ${link.max_clicks ?? '∞'}`;
}

/**
 * A link's URL, as text. It becomes a real anchor only for a web address (shared-api's linkHref:
 * https://, or www. over https), so nothing else can ever be turned into a clickable scheme.
 * mem.css shows at most 3 lines of it (a pasted 2,000-character URL would make the card many
 * screens tall); the text stays whole for screen readers and find-in-page, and `title` shows it on
 * hover. The edit form has it whole too.
 */
export function LinkUrl({ url }: { url: string }) {
  const href = linkHref(url);
  if (!href) {
    return (
      <span className="mem-link__url" title={url}>
        {url}
      </span>
    );
  }
  return (
    <a className="mem-link__url" href={href} title={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}
