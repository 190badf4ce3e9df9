import { screen } from '@testing-library/react';
import { ApiError, signup } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { SignupPage } from './signup-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), signup: jest.fn() }));
const signupMock = signup as jest.MockedFunction<typeof signup>;

function show() {
  const view = renderPage(<SignupPage />, { path: '/signup' });
  const fill = async (values: { first?: string; last?: string; email?: string; password?: string }) => {
    if (values.first) await view.user.type(screen.getByLabelText('First name'), values.first);
    if (values.last) await view.user.type(screen.getByLabelText('Last name'), values.last);
    if (values.email) await view.user.type(screen.getByLabelText('Email'), values.email);
    if (values.password) await view.user.type(screen.getByLabelText('Password'), values.password);
    await view.user.click(screen.getByRole('button', { name: 'Sign up' }));
  };
  return { ...view, fill };
}
const valid = { first: 'Ann', last: 'Lee', email: 'ann@example.com', password: 'longenough' };

beforeEach(() => signupMock.mockReset());

test('every field is required (spec §5)', async () => {
  const { fill } = show();
  await fill({});
  for (const text of ['First name is required.', 'Last name is required.', 'Email is required.', 'Password is required.']) {
    expect(screen.getByText(text)).toBeInTheDocument();
  }
  expect(signupMock).not.toHaveBeenCalled();
});

test('refuses an invalid email and a short password, and shows the 8-character hint', async () => {
  const { fill } = show();
  expect(screen.getByText('At least 8 characters.')).toBeInTheDocument();
  await fill({ ...valid, email: 'ann@', password: 'short7c' });
  expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
  expect(screen.getByText('Password must be at least 8 characters.')).toBeInTheDocument();
  expect(signupMock).not.toHaveBeenCalled();
});

test('signs up: sends the fields, shows the server message and goes to /login', async () => {
  signupMock.mockResolvedValue({ status: 'SUCCESS', message: 'Account created. Please sign in.' });
  const { fill } = show();
  await fill(valid);
  expect(await screen.findByRole('heading', { name: 'Landed on /login' })).toBeInTheDocument();
  expect(await screen.findByText('Account created. Please sign in.')).toBeInTheDocument();
  expect(signupMock).toHaveBeenCalledWith({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'longenough' });
});

test('shows the server message on refusal (e.g. the email is taken)', async () => {
  signupMock.mockRejectedValue(
    new ApiError('Email already registered', { code: 'email-taken', status: 409, serverMessage: 'Email already registered' }),
  );
  const { fill } = show();
  await fill(valid);
  expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');
  expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
});

test("falls back to 'Signup failed. Please try again.' when the server sent no text", async () => {
  signupMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  const { fill } = show();
  await fill(valid);
  expect(await screen.findByRole('alert')).toHaveTextContent('Signup failed. Please try again.');
});

test("says 'An error occurred. Please try again later.' on a network error", async () => {
  signupMock.mockRejectedValue(new ApiError('Something went wrong!', { code: 'network' }));
  const { fill } = show();
  await fill(valid);
  expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again later.');
});
