import type { Link } from '@rotalink/shared-api';

export const MAX_URL_LENGTH = 2048; // the contract's limit

/** Spec §3: max_clicks null means unlimited, shown as infinity. */
export function clicksLabel(link: Link): string {
  return `${link.clicks} / ${link.max_clicks ?? '∞'}`;
}

/**
 * A link's URL, as text. It becomes a real anchor only for https:// addresses (what the server
 * stores, DESIGN §6), so nothing else can ever be turned into a clickable scheme.
 */
export function LinkUrl({ url }: { url: string }) {
  if (!/^https:\/\//i.test(url)) return <span className="mem-link__url">{url}</span>;
  return (
    <a className="mem-link__url" href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}
