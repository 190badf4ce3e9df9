import { adminListPlace, MAX_EMAIL } from '@rotalink/shared-api';

/** The longest search the API takes: the contract's `q` is part of an email, so at most MAX_EMAIL characters. */
export const SEARCH_MAX_LENGTH = MAX_EMAIL;
/** The highest page the API takes: the contract's AllUsersQuery `page` is 1 to 6 digits. */
export const MAX_PAGE = 999_999;

/**
 * The page and search an address asks for (`?q=&page=`), within what the API takes. An old or
 * hand-made address can carry more than the search box lets through, and the server's refusal
 * ("q must be at most 254 characters.", "Page is not valid.") means nothing to an admin. So, like
 * a page of 0 or "abc" (read as 1): a longer search is its first 254 characters, which the search
 * box then shows; a page beyond the API's is asked as its highest, which is past the end, so the
 * list moves to its last page (user-list-page).
 */
export function placeFrom(search: string): { q: string; page: number } {
  const { q, page } = adminListPlace(search);
  return { q: q.slice(0, SEARCH_MAX_LENGTH).trim(), page: Math.min(page, MAX_PAGE) };
}
