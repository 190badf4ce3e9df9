import type { AdminUser, Link } from '@rotalink/shared-api';

/** A member as GET /api/admin/allusers returns them (DESIGN §7), with overridable fields. */
export function makeUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    user_id: 'u-alice',
    account: 'member',
    email: 'alice@example.com',
    first_name: 'Alice',
    last_name: 'Archer',
    subscription_status: 'active',
    subscription_type: 'monthly',
    package_price: 144.56,
    package_joined_date: '2026-01-15T10:30:00.000Z',
    package_expiry_date: '2027-01-15T10:30:00.000Z',
    title: 'Top networker',
    slogan: 'Click in order',
    about: 'About Alice',
    sub_profile_count: 2,
    created_at: '2026-01-10T08:00:00.000Z',
    ...overrides,
  };
}

/** n distinct members: user-0001@example.com … */
export function makeUsers(n: number): AdminUser[] {
  return Array.from({ length: n }, (_, i) => {
    const k = String(i + 1).padStart(4, '0');
    return makeUser({ user_id: `u-${k}`, email: `user-${k}@example.com`, first_name: `First${k}`, last_name: `Last${k}` });
  });
}

export function makeLink(overrides: Partial<Link> = {}): Link {
  return { id: 'l-1', name: 'My shop', link: 'https://shop.example.com', clicks: 0, max_clicks: 10, ...overrides };
}
