/**
 * Issue 30: where a visitor is sent on. A link URL may hold the macros {click_id}, {link_id},
 * {profile_id} and {source}: each is replaced by its value, URL-encoded (so a value can never
 * add a parameter or a path of its own); a link may also name a query parameter to append the
 * click id as (`subid`, `aff_sub`…), set (or replaced) through the URL API. A URL without either
 * is returned as is, byte for byte.
 */
export interface ClickFacts {
  clickId: string | null;
  linkId: string;
  profileId: string;
  source: 'page' | 'rotator';
  /** The link's click-id parameter; null: none. */
  clickParam?: string | null;
}

const MACRO = /\{(click_id|link_id|profile_id|source)\}/g;

const macroValue = (f: ClickFacts, name: string): string =>
  name === 'click_id' ? (f.clickId ?? '') : name === 'link_id' ? f.linkId : name === 'profile_id' ? f.profileId : f.source;

export function destinationUrl(url: string, f: ClickFacts): string {
  // Every click passes here: a URL without macros costs one character search, nothing allocated.
  let out = url.includes('{') ? url.replace(MACRO, (_m, name: string) => encodeURIComponent(macroValue(f, name))) : url;
  if (f.clickParam && f.clickId) {
    try {
      const u = new URL(out);
      u.searchParams.set(f.clickParam, f.clickId);
      out = u.href;
    } catch {
      /* not a URL we can parse: sent as it is */
    }
  }
  return out;
}
