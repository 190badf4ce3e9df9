import { ApiError, MESSAGES } from '@rotalink/shared-api';
import { accessProblem } from './access-problem';

test('403 is a member token on an admin call', () => {
  expect(accessProblem(new ApiError('Forbidden', { status: 403, serverMessage: 'Forbidden' }))).toBe('forbidden');
});

test('other 401s and a missing token send the admin to sign in', () => {
  expect(accessProblem(new ApiError('Token is missing', { status: 401, serverMessage: 'Token is missing' }))).toBe('signed-out');
  expect(accessProblem(new ApiError(MESSAGES.tokenMissing))).toBe('signed-out'); // refused before sending
});

test('the two session-ended texts are left to the shell, which goes to /login (spec §8)', () => {
  for (const text of [MESSAGES.jwtExpired, MESSAGES.invalidSignature]) {
    expect(accessProblem(new ApiError(text, { status: 401, serverMessage: text }))).toBe('session-ended');
  }
});

test('anything else is not an access problem', () => {
  expect(accessProblem(new ApiError('Something went wrong!', { status: 500 }))).toBeNull();
  expect(accessProblem(new ApiError('Something went wrong!', { isNetworkError: true }))).toBeNull();
  expect(accessProblem(null)).toBeNull();
});
