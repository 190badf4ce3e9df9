import { LINK_URL_PATTERN, MAX_CLICKS, MAX_NAME, MESSAGES, type Link } from '@rotalink/shared-api';

export interface LinkFormValues {
  link: string;
  name: string;
  maxClicks: string;
  unlimited: boolean;
}
export type LinkFormErrors = Partial<Record<'link' | 'name' | 'maxClicks', string>>;

export const EMPTY_LINK_FORM: LinkFormValues = { link: '', name: '', maxClicks: '', unlimited: false };

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

/** Spec §5's URL rule and message; max clicks is a whole number 1…MAX_CLICKS or unlimited (DESIGN §6). */
export function validateLinkForm(v: LinkFormValues): LinkFormErrors {
  const errors: LinkFormErrors = {};
  if (!LINK_URL_PATTERN.test(v.link.trim())) errors.link = MESSAGES.invalidLinkUrl;
  if (v.name.trim().length > MAX_NAME) errors.name = `The name must be at most ${MAX_NAME} characters.`;
  const maxClicks = v.unlimited ? undefined : maxClicksError(v.maxClicks);
  if (maxClicks) errors.maxClicks = maxClicks;
  return errors;
}

/** The body of POST /api/links/linkadd for valid form values. */
export function toAddLinkBody(v: LinkFormValues, userId: string) {
  return {
    link: v.link.trim(),
    name: v.name.trim(),
    max_clicks: v.unlimited ? null : Number(v.maxClicks.trim()), // null = unlimited (spec §3)
    user_id: userId,
  };
}

/** The form's values for an existing link (edit). */
export function linkToFormValues(link: Link): LinkFormValues {
  return {
    link: link.link,
    name: link.name,
    maxClicks: link.max_clicks === null ? '' : String(link.max_clicks),
    unlimited: link.max_clicks === null,
  };
}

/** The body of POST /api/links/updateLink: all three fields, as the member left them. */
export function toUpdateLinkBody(v: LinkFormValues, linkId: string, userId: string) {
  const { link, name, max_clicks } = toAddLinkBody(v, userId);
  return { link_id: linkId, user_id: userId, link, name, max_clicks };
}
