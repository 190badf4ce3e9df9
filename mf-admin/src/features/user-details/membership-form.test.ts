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

test('server dates become UTC input values; the spec format is read as UTC', () => {
  expect(toInputDateTime('2026-03-04T05:06:07.000Z')).toBe('2026-03-04T05:06');
  expect(toInputDateTime('2026-03-04 05:06:07')).toBe('2026-03-04T05:06');
  expect(toInputDateTime(null)).toBe('');
  expect(toInputDateTime('not a date')).toBe('');
});

test('a valid form becomes the updateUser body, price rounded to cents', () => {
  expect(validateMembership(form({ price: '10.005' }), user).body).toEqual({
    subscription_type: 'monthly',
    subscription_status: 'active',
    package_price: 10.01,
    package_joined_date: '2026-01-01 00:00:00',
    package_expiry_date: '2027-01-01 00:00:00',
  });
});

test('expiry equal to joined is allowed; one minute earlier is not', () => {
  expect(validateMembership(form({ expiry: '2026-01-01T00:00' }), user).body).toBeDefined();
  const { errors, body } = validateMembership(form({ expiry: '2025-12-31T23:59' }), user);
  expect(body).toBeUndefined();
  expect(errors.expiry).toBe('The expiry date cannot be before the joined date.');
});

test('prices above the limit and malformed dates are refused', () => {
  expect(validateMembership(form({ price: '1000001' }), user).errors.price).toBe('The price cannot be more than 1,000,000.');
  expect(validateMembership(form({ price: '1e3' }), user).errors.price).toBe('Enter a price of 0 or more, for example 144.56.');
  expect(validateMembership(form({ joined: '2026-13-01T00:00' }), user).errors.joined).toBe('Enter a valid date and time.');
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
