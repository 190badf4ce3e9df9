// Test data shaped like the server's answers (shared-api contract types), for component tests.
import type { MemberLink, SubProfile, User } from '@rotalink/shared-api';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 'u_member1',
    account: 'member',
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    subscription_status: 'active',
    subscription_type: 'monthly',
    package_price: 144.56,
    package_joined_date: '2026-03-04T10:00:00.000Z',
    package_expiry_date: null,
    title: 'Founder',
    slogan: 'Click in order',
    about: 'About Ada',
    ...overrides,
  };
}

export function makeSub(overrides: Partial<SubProfile> = {}): SubProfile {
  return {
    user_id: 's_sub1',
    first_name: 'Bob',
    last_name: 'Builder',
    email: 'bob@example.com',
    phone: '+1 555 0100',
    title: '',
    slogan: '',
    about: '',
    ...overrides,
  };
}

/** A link as its owner's list answers it (with the lifetime totals of issue 14). */
export function makeLink(overrides: Partial<MemberLink> = {}): MemberLink {
  const clicks = overrides.clicks ?? 0;
  return {
    id: 'l1',
    name: 'Shop',
    link: 'https://shop.example.com',
    clicks,
    max_clicks: 10,
    counted_clicks: clicks,
    all_clicks: clicks,
    ...overrides,
  };
}
