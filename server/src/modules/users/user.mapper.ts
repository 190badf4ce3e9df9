import type { AboutProfile, SubProfile, User } from '@rotalink/shared-api/contract';
import type { UserRow } from './users.table';

/**
 * DESIGN §6: a subscription is active when its status is active and its expiry, if any, has
 * not passed. Stored expiry is ISO 8601 UTC, so comparing instants is exact.
 */
export function isPlanActive(row: Pick<UserRow, 'subscription_status' | 'package_expiry_date'>, now = Date.now()): boolean {
  if (row.subscription_status !== 'active') return false;
  return row.package_expiry_date === null || Date.parse(row.package_expiry_date) > now;
}

export const centsToDollars = (cents: number | null): number | null => (cents === null ? null : cents / 100);
export const dollarsToCents = (dollars: number | null): number | null => (dollars === null ? null : Math.round(dollars * 100));

/**
 * The spec §3 User; the shown status is 'active' only when the plan is really active.
 * `account` tells the page whether this is a member or a sub-profile signed in on its own.
 */
export function userRowToUser(row: UserRow): User {
  return {
    user_id: row.id,
    account: row.parent_id === null ? 'member' : 'sub-profile',
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    subscription_status: isPlanActive(row) ? 'active' : 'inactive',
    subscription_type: row.subscription_type,
    package_price: centsToDollars(row.package_price_cents),
    package_joined_date: row.package_joined_date,
    package_expiry_date: row.package_expiry_date,
    title: row.title,
    slogan: row.slogan,
    about: row.about,
  };
}

/** Spec §3 Sub-profile; the password (hash) never leaves the server. */
export function userRowToSubProfile(row: UserRow): SubProfile {
  return {
    user_id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone ?? '',
    title: row.title,
    slogan: row.slogan,
    about: row.about,
  };
}

export function userRowToAbout(row: Pick<UserRow, 'title' | 'slogan' | 'about' | 'first_name' | 'last_name'>): AboutProfile {
  return { title: row.title, slogan: row.slogan, about: row.about, first_name: row.first_name, last_name: row.last_name };
}
