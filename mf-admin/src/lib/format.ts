import { PLAN, type AdminUser } from '@rotalink/shared-api';

/*
 * Display helpers for the admin pages. Every time in the admin area is shown in UTC (the server
 * stores UTC and the membership editor sends UTC), so two admins in different zones see and type
 * the same values. The product's texts are English, so numbers and dates use en-US.
 */
const LOCALE = 'en-US';
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', hour12: false, timeZone: 'UTC' });
const priceFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
const countFormat = new Intl.NumberFormat(LOCALE);

export const EMPTY = '—';

/** 'Jan 2, 2026' (or with the time: 'Jan 2, 2026, 03:04 UTC'); unparseable text is shown as-is. */
export function formatDate(value: string | null | undefined, withTime = false): string {
  if (!value) return EMPTY;
  const date = parseServerDate(value);
  if (!date) return value;
  return withTime ? `${dateTimeFormat.format(date)} UTC` : dateFormat.format(date);
}

/** The server answers ISO 8601; the spec's 'YYYY-MM-DD HH:mm:ss' (UTC) is accepted too. */
export function parseServerDate(value: string): Date | null {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatPrice(price: number | null | undefined): string {
  return typeof price === 'number' && Number.isFinite(price) ? priceFormat.format(price) : EMPTY;
}

export const formatCount = (n: number) => countFormat.format(n);

/** '1 member', '1,000 members': a formatted count with the word that agrees with it. */
export const countOf = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Spec §4: 'active' is shown as active; anything else as Inactive. */
export const statusLabel = (status: string | null | undefined) => (status === 'active' ? 'Active' : 'Inactive');

/**
 * The plan on record, in the words the product sells it: checkout sends the one lifetime plan as
 * subscription_type 'monthly' (spec §9), so 'monthly' reads "Lifetime" (issue 13), never "Monthly".
 * 'yearly' (which the admin may set, spec §9) reads "Yearly"; no type yet (sign-up stores none)
 * reads "No plan", whatever the status or dates. One wording for the list and the details page.
 */
export function planLabel(user: Pick<AdminUser, 'subscription_type'>): string {
  if (user.subscription_type === 'monthly') return PLAN.label;
  if (user.subscription_type === 'yearly') return 'Yearly';
  return 'No plan';
}

export function fullName(user: Pick<AdminUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
}

/** What to call a user in headings and button labels: the name, else the email, else the id. */
export function displayName(user: Pick<AdminUser, 'first_name' | 'last_name' | 'email' | 'user_id'>): string {
  return fullName(user) || user.email || user.user_id;
}
