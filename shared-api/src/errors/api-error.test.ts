import { ERROR_CODES } from '../contract/error-codes';
import { MESSAGES } from '../rules/messages';
import { ApiError, ERROR_KINDS, errorKind, errorText, kindOf, type ErrorKind } from './api-error';

describe('kindOf: every code of the contract has its kind', () => {
  const expected: Record<(typeof ERROR_CODES)[number], ErrorKind> = {
    'session-ended': 'session-ended',
    'token-missing': 'unauthorized',
    'bad-credentials': 'unauthorized',
    // Issue 31: a bad API key never ends a person's session (keys are for scripts, not the browser).
    'api-key-invalid': 'unauthorized',
    'api-key-revoked': 'unauthorized',
    'api-key-expired': 'unauthorized',
    forbidden: 'forbidden',
    'scope-missing': 'forbidden',
    'plan-inactive': 'forbidden',
    'not-found': 'not-found',
    invalid: 'invalid',
    'queue-head-required': 'conflict',
    'link-completed': 'conflict',
    'link-paused': 'conflict',
    'link-limit': 'conflict',
    'sub-profile-limit': 'conflict',
    'email-taken': 'conflict',
    'already-active': 'conflict',
    conflict: 'conflict',
    'too-large': 'invalid',
    'unsupported-media-type': 'invalid',
    // Issue 31: only the public REST API (/api/v1) answers these; no page of ours calls it.
    'cursor-invalid': 'invalid',
    'idempotency-key-invalid': 'invalid',
    'idempotency-key-reused': 'conflict',
    'idempotency-in-progress': 'conflict',
    'click-not-found': 'not-found',
    'rate-limited': 'rate-limited',
    'upstream-failed': 'unavailable',
    unavailable: 'unavailable',
    internal: 'server',
  };

  it.each(ERROR_CODES.map((code) => [code, expected[code]]))('%s → %s', (code, kind) => {
    expect(kindOf(code)).toBe(kind);
    // the status never overrides a known code
    expect(kindOf(code, 500)).toBe(kind);
  });

  it('the table above covers exactly the contract codes, and every kind is reachable', () => {
    expect(Object.keys(expected).sort()).toEqual([...ERROR_CODES].sort());
    const reached = new Set<ErrorKind>([...Object.values(expected), kindOf('network')]);
    expect([...reached].sort()).toEqual([...ERROR_KINDS].sort());
  });

  it("'network' is its own kind", () => expect(kindOf('network')).toBe('network'));

  it.each([
    [400, 'invalid'],
    [413, 'invalid'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'conflict'],
    [429, 'rate-limited'],
    [500, 'server'],
    [502, 'unavailable'],
    [503, 'unavailable'],
    [504, 'unavailable'],
    [undefined, 'server'],
  ] as const)('an answer without a known code is judged by its status: %s → %s', (status, kind) => {
    expect(kindOf('unknown', status)).toBe(kind);
  });

  it('a code-less 401 is never taken for an ended session', () => {
    expect(kindOf('unknown', 401)).not.toBe('session-ended');
  });
});

describe('ApiError', () => {
  it('carries code, kind, status and the server text', () => {
    const err = new ApiError('Link limit reached', { code: 'link-limit', status: 409, serverMessage: 'Link limit reached' });
    expect(err).toMatchObject({ name: 'ApiError', code: 'link-limit', kind: 'conflict', status: 409, serverMessage: 'Link limit reached' });
    expect(errorKind(err)).toBe('conflict');
  });

  it('anything else thrown is a fault', () => {
    expect(errorKind(new Error('boom'))).toBe('server');
    expect(errorKind(undefined)).toBe('server');
  });
});

describe('errorText', () => {
  const answer = (code: ConstructorParameters<typeof ApiError>[1]['code'], status?: number, serverMessage?: string) =>
    new ApiError(serverMessage ?? MESSAGES.somethingWentWrong, { code, status, serverMessage });

  it("shows the server's text, else the page's fallback", () => {
    expect(errorText(answer('email-taken', 409, 'Email already registered'), 'Signup failed.')).toBe('Email already registered');
    expect(errorText(answer('unknown', 500), 'Signup failed.')).toBe('Signup failed.');
  });

  it("keeps a page's fixed spec text when asked to", () => {
    expect(errorText(answer('forbidden', 403, 'Forbidden'), MESSAGES.loadLinksFailed, { serverText: false })).toBe(
      MESSAGES.loadLinksFailed,
    );
  });

  it('uses the network text when no answer came', () => {
    expect(errorText(answer('network'), MESSAGES.signupFailed, { network: MESSAGES.signupNetwork })).toBe(MESSAGES.signupNetwork);
    // Issue 29: without a network text of its own, the page's text gets a second line saying why.
    expect(errorText(answer('network'), MESSAGES.loginFailed)).toBe(`${MESSAGES.loginFailed}\n${MESSAGES.notReached}`);
    expect(errorText(answer('network'), '')).toBe(MESSAGES.notReached);
  });

  it('says in plain words that the session ended, never the raw server text (issue 29)', () => {
    expect(errorText(answer('session-ended', 401, 'Unauthorized: jwt expired'), MESSAGES.somethingWentWrong)).toBe(
      'Your session has ended, please sign in again',
    );
  });

  it('says "temporarily unavailable" for a 503, also where the page text is fixed', () => {
    expect(errorText(answer('unknown', 503), MESSAGES.loadLinksFailed, { serverText: false })).toBe(MESSAGES.unavailable);
    expect(errorText(answer('unavailable', 503, MESSAGES.unavailable), MESSAGES.loginFailed)).toBe(MESSAGES.unavailable);
    expect(errorText(answer('upstream-failed', 502, 'Payment provider unavailable'), MESSAGES.somethingWentWrong)).toBe(
      'Payment provider unavailable',
    );
  });

  it('is the fallback for anything that is not an ApiError', () => {
    expect(errorText(new Error('internal detail'), MESSAGES.somethingWentWrong)).toBe(MESSAGES.somethingWentWrong);
  });
});
