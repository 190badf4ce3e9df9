import { formatAdminDate, MAX_PRICE, type AdminUser, type UpdateUserBody } from '@rotalink/shared-api';
import { parseServerDate } from '../../lib/format';

/**
 * The edit-membership form as plain data, and its checks (spec §7, §9). Dates are typed in UTC
 * (the fields say so) and sent as 'YYYY-MM-DD HH:mm:ss' by shared-api's formatAdminDate.
 */
export type SubscriptionType = UpdateUserBody['subscription_type'];
export type SubscriptionStatus = UpdateUserBody['subscription_status'];

export interface MembershipForm {
  subscription_type: SubscriptionType;
  subscription_status: SubscriptionStatus;
  price: string;
  joined: string; // <input type="datetime-local"> value, UTC: 'YYYY-MM-DDTHH:mm'
  expiry: string;
}

export type MembershipErrors = Partial<Record<'price' | 'joined' | 'expiry', string>>;

export const MESSAGES_FORM = {
  price: 'Enter a price of 0 or more, for example 144.56.',
  priceCents: 'Enter the price with at most 2 decimals, for example 144.56.',
  priceTooHigh: `The price cannot be more than ${MAX_PRICE.toLocaleString('en-US')}.`,
  date: 'Enter a valid date and time.',
  /** The server's own words for its rule (admin.service.ts), so both say the same. */
  expiryNotAfterJoined: 'Expiry date must be after the joined date.',
  /** The server derives the status: a plan whose expiry has passed is inactive (DESIGN §6). */
  expiryPassed: 'This expiry has passed, so the plan will be saved as inactive.',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** A server date as the datetime-local value it is shown in (UTC, minutes). */
export function toInputDateTime(value: string | null | undefined): string {
  const date = value ? parseServerDate(value) : null;
  if (!date) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/**
 * The first year a date may have. shared-api's formatAdminDate writes the year unpadded, so a year
 * before 1000 would not be the 'YYYY-MM-DD HH:mm:ss' the server reads (and it refuses 0000–0099).
 */
const MIN_YEAR = 1000;

/** A datetime-local value read as UTC; null when it is not a real date and time. */
export function fromInputDateTime(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  if (year < MIN_YEAR) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 2026-02-30 over into March; such a value is refused instead.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return date;
}

export function formFromUser(user: AdminUser): MembershipForm {
  return {
    subscription_type: user.subscription_type === 'yearly' ? 'yearly' : 'monthly',
    subscription_status: user.subscription_status === 'active' ? 'active' : 'inactive',
    price: typeof user.package_price === 'number' ? String(user.package_price) : '',
    joined: toInputDateTime(user.package_joined_date),
    expiry: toInputDateTime(user.package_expiry_date),
  };
}

/**
 * An untouched field keeps the stored instant to the second (the input only shows minutes), so
 * saving a status change never shifts the dates. An empty field clears the date (null).
 */
function resolveDate(input: string, original: string | null | undefined): Date | null | 'invalid' {
  if (!input.trim()) return null;
  if (original && input === toInputDateTime(original)) return parseServerDate(original);
  return fromInputDateTime(input) ?? 'invalid';
}

/**
 * True when the form asks for an active plan whose expiry has already passed: the server stores
 * and answers it as inactive, so the dialog warns before the admin saves.
 */
export function expiryPassedWhileActive(form: MembershipForm, user: AdminUser, now = Date.now()): boolean {
  if (form.subscription_status !== 'active') return false;
  const expiry = resolveDate(form.expiry, user.package_expiry_date);
  return expiry instanceof Date && expiry.getTime() <= now;
}

/** Checks the form; on success also returns the body for updateUser. */
export function validateMembership(form: MembershipForm, user: AdminUser): { errors: MembershipErrors; body?: UpdateUserBody } {
  const errors: MembershipErrors = {};
  // An empty price is no price (null, as the contract allows): a member who never paid has none,
  // and changing only their type or status must not make the admin invent one.
  const priceText = form.price.trim();
  const price = Number(priceText);
  // Money is whole cents (DESIGN §5): a third decimal is refused, not rounded away (0.001 was saved as $0.00).
  if (priceText && !/^\d+(\.\d+)?$/.test(priceText)) errors.price = MESSAGES_FORM.price;
  else if (priceText && !/^\d+(\.\d{1,2})?$/.test(priceText)) errors.price = MESSAGES_FORM.priceCents;
  else if (price > MAX_PRICE) errors.price = MESSAGES_FORM.priceTooHigh;

  const joined = resolveDate(form.joined, user.package_joined_date);
  const expiry = resolveDate(form.expiry, user.package_expiry_date);
  if (joined === 'invalid') errors.joined = MESSAGES_FORM.date;
  if (expiry === 'invalid') errors.expiry = MESSAGES_FORM.date;
  // The server refuses an expiry that is not strictly after joined (equal included).
  else if (expiry && joined && joined !== 'invalid' && expiry.getTime() <= joined.getTime())
    errors.expiry = MESSAGES_FORM.expiryNotAfterJoined;

  if (Object.keys(errors).length > 0 || joined === 'invalid' || expiry === 'invalid') return { errors };
  return {
    errors,
    body: {
      subscription_type: form.subscription_type,
      subscription_status: form.subscription_status,
      package_price: priceText ? price : null,
      package_joined_date: joined ? formatAdminDate(joined) : null,
      package_expiry_date: expiry ? formatAdminDate(expiry) : null,
    },
  };
}
