import { expiryPassedWhileActive, fromInputDateTime, toInputDateTime, validateMembership, type MembershipForm } from './membership-form';
import { makeUser } from '../../test-utils/users';

const form = (overrides: Partial<MembershipForm> = {}): MembershipForm => ({
  subscription_type: 'monthly',
  subscription_status: 'active',
  price: '144.56',
  joined: '2026-01-01T00:00',
  expiry: '2027-01-01T00:00',
  ...overrides,
});
const user = makeUser({ package_joined_date: null, package_expiry_date: null });

test('datetime-local values are read as UTC and impossible dates are refused', () => {
  expect(fromInputDateTime('2026-03-04T05:06')?.toISOString()).toBe('2026-03-04T05:06:00.000Z');
  expect(fromInputDateTime('2026-03-04T05:06:07')?.toISOString()).toBe('2026-03-04T05:06:07.000Z');
  expect(fromInputDateTime('2026-02-30T10:00')).toBeNull();
  expect(fromInputDateTime('2026-01-01T24:00')).toBeNull();
  expect(fromInputDateTime('tomorrow')).toBeNull();
});

test('a year before 1000 is refused, not read as 19xx; year 1000 is read as typed', () => {
  expect(fromInputDateTime('0026-03-15T09:00')).toBeNull();
  expect(fromInputDateTime('0000-01-01T00:00')).toBeNull();
  expect(fromInputDateTime('0999-12-31T23:59')).toBeNull();
  expect(fromInputDateTime('1000-01-01T00:00')?.toISOString()).toBe('1000-01-01T00:00:00.000Z');
  expect(validateMembership(form({ joined: '1000-01-01T00:00' }), user).body?.package_joined_date).toBe('1000-01-01 00:00:00');
});

test('server dates become UTC input values; the spec format is read as UTC', () => {
  expect(toInputDateTime('2026-03-04T05:06:07.000Z')).toBe('2026-03-04T05:06');
  expect(toInputDateTime('2026-03-04 05:06:07')).toBe('2026-03-04T05:06');
  expect(toInputDateTime(null)).toBe('');
  expect(toInputDateTime('not a date')).toBe('');
});

test('a valid form becomes the updateUser body', () => {
  expect(validateMembership(form({ price: '10.05' }), user).body).toEqual({
    subscription_type: 'monthly',
    subscription_status: 'active',
    package_price: 10.05,
    package_joined_date: '2026-01-01 00:00:00',
    package_expiry_date: '2027-01-01 00:00:00',
  });
});

test('expiry one minute after joined is allowed; equal to it or earlier is not (the server’s rule and words)', () => {
  expect(validateMembership(form({ expiry: '2026-01-01T00:01' }), user).body).toBeDefined();
  for (const expiry of ['2026-01-01T00:00', '2025-12-31T23:59']) {
    const { errors, body } = validateMembership(form({ expiry }), user);
    expect(body).toBeUndefined();
    expect(errors.expiry).toBe('Expiry date must be after the joined date.');
  }
});

test('prices above the limit and malformed dates are refused', () => {
  expect(validateMembership(form({ price: '1000001' }), user).errors.price).toBe('The price cannot be more than 1,000,000.');
  expect(validateMembership(form({ price: '1e3' }), user).errors.price).toBe('Enter a price of 0 or more, for example 144.56.');
  expect(validateMembership(form({ joined: '2026-13-01T00:00' }), user).errors.joined).toBe('Enter a valid date and time.');
});

test('a price has at most 2 decimals: whole cents are kept as typed, more decimals are refused, not rounded', () => {
  expect(validateMembership(form({ price: '0.29' }), user).body?.package_price).toBe(0.29);
  expect(validateMembership(form({ price: '1000000.00' }), user).body?.package_price).toBe(1_000_000);
  for (const price of ['0.001', '10.005', '144.560']) {
    expect(validateMembership(form({ price }), user).errors.price).toBe('Enter the price with at most 2 decimals, for example 144.56.');
  }
});

test('an empty price is no price (null); a non-empty one is still checked', () => {
  expect(validateMembership(form({ price: '  ' }), user).body?.package_price).toBeNull();
  expect(validateMembership(form({ price: 'abc' }), user).errors.price).toBe('Enter a price of 0 or more, for example 144.56.');
});

test('an active plan whose expiry has passed is flagged before saving; an inactive one, or no expiry, is not', () => {
  const now = Date.UTC(2026, 5, 1, 12, 0);
  expect(expiryPassedWhileActive(form({ expiry: '2026-06-01T11:59' }), user, now)).toBe(true);
  expect(expiryPassedWhileActive(form({ expiry: '2026-06-01T12:00' }), user, now)).toBe(true); // the server keeps active only while expiry > now
  expect(expiryPassedWhileActive(form({ expiry: '2026-06-01T12:01' }), user, now)).toBe(false);
  expect(expiryPassedWhileActive(form({ expiry: '2026-06-01T11:59', subscription_status: 'inactive' }), user, now)).toBe(false);
  expect(expiryPassedWhileActive(form({ expiry: '' }), user, now)).toBe(false);
  expect(expiryPassedWhileActive(form({ expiry: 'not a date' }), user, now)).toBe(false);
});
