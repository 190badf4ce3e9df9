import {
  LINK_URL_PATTERN,
  linkHref,
  linkUrlError,
  MAX_URL,
  MESSAGES,
  MIN_PASSWORD,
  PHONE_PATTERN,
  EMAIL_PATTERN,
  TOKEN_KEY,
  ADMIN_KEY,
} from './index';
import { tokenStore } from '../session';

describe('LINK_URL_PATTERN (spec §5)', () => {
  it.each([
    'https://example.com',
    'https://shop.example.co.uk/ref?id=42#top',
    'https://a-b.example.com:8443/x',
    'www.example.com',
    'www.example.com/join',
  ])('accepts %s', (url) => expect(LINK_URL_PATTERN.test(url)).toBe(true));

  it.each([
    'http://example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'example.com',
    'https://',
    'https://localhost',
    'www.',
    'https://exa mple.com',
    ' https://example.com',
    // Invisible formatting in the path: a right-to-left override, a zero-width space, an isolate.
    'https://evil.example/\u202Efdp.exe',
    'https://shop.example.com/ref\u200B?id=1',
    'https://shop.example.com/\u2067x\u2069',
  ])('refuses %j', (url) => expect(LINK_URL_PATTERN.test(url)).toBe(false));

  it('accepts a path in any script (only invisible formatting is refused)', () => {
    expect(LINK_URL_PATTERN.test('https://shop.example.com/تخفيضات/ofertas-año')).toBe(true);
  });
});

describe('linkUrlError (issue 29): the spec text first, then what is wrong with this URL', () => {
  const spec = "URL must start with 'https://' or 'www.'";
  it.each(['https://example.com', 'www.example.com/join', `https://example.com/${'a'.repeat(MAX_URL - 20)}`])('accepts %s', (url) =>
    expect(linkUrlError(url)).toBeUndefined(),
  );
  it.each(['javascript:alert(1)', 'example.com', 'https://', 'ftp://x.com'])('refuses %s with the spec text alone', (url) =>
    expect(linkUrlError(url)).toBe(spec),
  );
  it('http:// says it is not secure and to use https://', () => {
    const [first, second] = (linkUrlError('http://shop.example.com') ?? '').split('\n');
    expect(first).toBe(spec);
    expect(second).toMatch(/http:\/\/ address is not secure.*https:\/\//);
  });
  it.each(['https://localhost', 'http://localhost:3000/x', 'https://127.0.0.1/ref', 'www.app.localhost'])(
    '%s says it is an address on your own computer',
    (url) => {
      const [first, second] = (linkUrlError(url) ?? '').split('\n');
      expect(first).toBe(spec);
      expect(second).toMatch(/is an address on your own computer/);
    },
  );
  it('too long names the limit and the length, never cuts', () => {
    const url = `https://example.com/${'a'.repeat(MAX_URL)}`;
    expect(linkUrlError(url)).toBe(
      `The URL must be at most 2,048 characters; this one has ${url.length.toLocaleString('en-US')}. Use a shorter link to the same page.`,
    );
  });
});

describe('linkHref', () => {
  it.each([
    ['https://shop.example.com/r?x=1', 'https://shop.example.com/r?x=1'],
    [' HTTPS://Shop.example.com ', 'HTTPS://Shop.example.com'],
    ['www.example.com/join', 'https://www.example.com/join'],
  ])('opens %p as %p', (url, href) => expect(linkHref(url)).toBe(href));

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'http://example.com', 'example.com', 'https://', 'https://a b.example'])(
    'never opens %p',
    (url) => expect(linkHref(url)).toBeNull(),
  );
});

it('the texts and keys are the spec ones (§3, §8)', () => {
  expect(MESSAGES.somethingWentWrong).toBe('Something went wrong!');
  expect(MESSAGES.tokenMissing).toBe('Token is missing');
  expect(MESSAGES.jwtExpired).toBe('Unauthorized: jwt expired');
  expect(MESSAGES.invalidSignature).toBe('Unauthorized: invalid signature');
  expect([TOKEN_KEY, ADMIN_KEY]).toEqual(['token', 'isAdmin']);
});

it('the form patterns accept what the contract accepts', () => {
  expect(PHONE_PATTERN.test('+1 (555) 010-99.1')).toBe(true);
  expect(PHONE_PATTERN.test('555 CALL')).toBe(false);
  expect(EMAIL_PATTERN.test('ada@example.com')).toBe(true);
  expect(EMAIL_PATTERN.test('ada@example')).toBe(false);
  expect(MIN_PASSWORD).toBe(8);
});

it("the preloader's storage keys are the ones the session kernel's token store writes (issue 26)", () => {
  tokenStore.setSession('k-token', { admin: true });
  expect(localStorage.getItem(TOKEN_KEY)).toBe('k-token');
  expect(localStorage.getItem(ADMIN_KEY)).toBe('true');
  tokenStore.clear();
  expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
});
