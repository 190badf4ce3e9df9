import { CLICK_PARAM_INVALID, clickParamOf, linkUrlError, MAX_CLICKS, MAX_NAME, type Link } from '@rotalink/shared-api';

export interface LinkFormValues {
  link: string;
  name: string;
  maxClicks: string;
  unlimited: boolean;
  /** Issue 30: the query parameter the click id is appended as ('' for none). */
  clickParam: string;
}
export type LinkFormErrors = Partial<Record<'link' | 'name' | 'maxClicks' | 'clickParam', string>>;

export const EMPTY_LINK_FORM: LinkFormValues = { link: '', name: '', maxClicks: '', unlimited: false, clickParam: '' };

export const MAX_CLICKS_MESSAGE = 'Max clicks must be a whole number of 1 or more, or choose unlimited.';
export const MAX_CLICKS_TOO_HIGH_MESSAGE = `Max clicks can be at most ${MAX_CLICKS.toLocaleString('en-US')}, or choose unlimited.`;

function maxClicksError(value: string): string | undefined {
  const text = value.trim();
  const n = Number(text);
  // A whole number above the cap is not "not a whole number": say what the cap is. (Number()
  // also reads '99999999999999999999' and '1e12' as too high, which they are.)
  if (n > MAX_CLICKS) return MAX_CLICKS_TOO_HIGH_MESSAGE;
  if (!/^\d+$/.test(text) || n < 1) return MAX_CLICKS_MESSAGE;
  return undefined;
}

/**
 * Spec §5's URL rule and message (with what is wrong in particular, issue 29: too long, http://,
 * localhost); max clicks is a whole number 1…MAX_CLICKS or unlimited (DESIGN §6).
 */
export function validateLinkForm(v: LinkFormValues): LinkFormErrors {
  const errors: LinkFormErrors = {};
  const urlError = linkUrlError(v.link);
  if (urlError) errors.link = urlError;
  if (v.name.trim().length > MAX_NAME) errors.name = `The name must be at most ${MAX_NAME} characters.`;
  const maxClicks = v.unlimited ? undefined : maxClicksError(v.maxClicks);
  if (maxClicks) errors.maxClicks = maxClicks;
  // The server's own rule and text (rules/click-param.ts, decision 0152).
  if (clickParamOf(v.clickParam) === undefined) errors.clickParam = CLICK_PARAM_INVALID;
  return errors;
}

const clickParamValue = (v: LinkFormValues): string | null => clickParamOf(v.clickParam) ?? null;

/** The body of POST /api/links/linkadd for valid form values (no click_param when none is set). */
export function toAddLinkBody(v: LinkFormValues, userId: string) {
  const clickParam = clickParamValue(v);
  return {
    link: v.link.trim(),
    name: v.name.trim(),
    max_clicks: v.unlimited ? null : Number(v.maxClicks.trim()), // null = unlimited (spec §3)
    user_id: userId,
    ...(clickParam ? { click_param: clickParam } : {}),
  };
}

/** The form's values for an existing link (edit); the owner's lists carry its click-id parameter. */
export function linkToFormValues(link: Link & { click_param?: string | null }): LinkFormValues {
  return {
    link: link.link,
    name: link.name,
    maxClicks: link.max_clicks === null ? '' : String(link.max_clicks),
    unlimited: link.max_clicks === null,
    clickParam: link.click_param ?? '',
  };
}

/**
 * The body of POST /api/links/updateLink: the three fields as the member left them, and
 * click_param (null: none) only when it changed from `currentParam` — so an edit that leaves it
 * alone is also understood by an API from before issue 30 (remotes deploy on their own schedule).
 */
export function toUpdateLinkBody(v: LinkFormValues, linkId: string, userId: string, currentParam: string | null = null) {
  const { link, name, max_clicks } = toAddLinkBody(v, userId);
  const clickParam = clickParamValue(v);
  return { link_id: linkId, user_id: userId, link, name, max_clicks, ...(clickParam !== currentParam ? { click_param: clickParam } : {}) };
}
