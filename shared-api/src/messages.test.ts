import { LINK_URL_PATTERN, MESSAGES, SESSION_ENDED_MESSAGES } from './messages';
import { formatAdminDate } from './calls/admin';

describe('LINK_URL_PATTERN (spec §5)', () => {
  it.each(['https://example.com', 'https://shop.example.co.uk/ref?id=42#top', 'https://a-b.example.com:8443/x', 'www.example.com', 'www.example.com/join'])(
    'accepts %s',
    (url) => expect(LINK_URL_PATTERN.test(url)).toBe(true),
  );

  it.each(['http://example.com', 'javascript:alert(1)', 'data:text/html,hi', 'example.com', 'https://', 'https://localhost', 'www.', 'https://exa mple.com', ' https://example.com'])(
    'refuses %s',
    (url) => expect(LINK_URL_PATTERN.test(url)).toBe(false),
  );
});

it('the two session-ended texts are the spec §8 ones', () => {
  expect(SESSION_ENDED_MESSAGES).toEqual(['Unauthorized: jwt expired', 'Unauthorized: invalid signature']);
  expect(MESSAGES.somethingWentWrong).toBe('Something went wrong!');
  expect(MESSAGES.tokenMissing).toBe('Token is missing');
});

it("formatAdminDate sends 'YYYY-MM-DD HH:mm:ss' in UTC (spec §7)", () => {
  expect(formatAdminDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02 03:04:05');
  expect(formatAdminDate(new Date('2027-12-31T23:59:59.999Z'))).toBe('2027-12-31 23:59:59');
});
