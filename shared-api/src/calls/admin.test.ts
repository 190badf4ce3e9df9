import { formatAdminDate } from './admin';

it("formatAdminDate sends 'YYYY-MM-DD HH:mm:ss' in UTC (spec §7)", () => {
  expect(formatAdminDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05');
  expect(formatAdminDate(new Date('2027-12-31T23:59:59.999Z'))).toBe('2027-12-31 23:59:59');
});
