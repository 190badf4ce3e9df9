/**
 * Issue 30: the query parameter a link appends its click id as (`subid`, `s2`, `aff_sub`… as
 * affiliate networks name it). Letters, digits and `_ . - [ ]` (networks use `sub_id`,
 * `aff_sub2`, `s[1]`), starting with a letter, at most 40 characters; empty means none.
 * The server checks it (400 with this text); the link form shows the same text before sending.
 */
export const CLICK_PARAM_PATTERN = /^[A-Za-z][A-Za-z0-9_.[\]-]{0,39}$/;
export const CLICK_PARAM_MAX = 40;
export const CLICK_PARAM_INVALID =
  'The click-id parameter must start with a letter and hold only letters, digits, _ . - [ ] (at most 40), e.g. subid or aff_sub.';

/** The link macros a URL may hold (replaced, URL-encoded, when the visitor is sent on). */
export const LINK_MACROS = ['{click_id}', '{link_id}', '{profile_id}', '{source}'] as const;

/** The parameter to store: trimmed, null for none; undefined when it breaks the rule. */
export function clickParamOf(input: string | null | undefined): string | null | undefined {
  const value = (input ?? '').trim();
  if (value === '') return null;
  return CLICK_PARAM_PATTERN.test(value) ? value : undefined;
}
