import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, deleteUser, getUsersPage, type AdminUser, type UsersPageQuery } from '@rotalink/shared-api';
import { renderRoute } from '../../../test-utils/render-route';
import { makeUser, makeUsers } from '../../../test-utils/users';
import { UserListPage } from './user-list-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getUsersPage: jest.fn(),
  deleteUser: jest.fn(),
}));
const mockPage = jest.mocked(getUsersPage);
const mockDelete = jest.mocked(deleteUser);

const alice = makeUser();
const bob = makeUser({
  user_id: 'u-bob',
  email: 'Bob.Builder@Example.org',
  first_name: 'Bob',
  last_name: 'Builder',
  subscription_status: 'inactive',
  subscription_type: null,
  package_price: null,
  package_joined_date: null,
  package_expiry_date: null,
  sub_profile_count: 0,
});
const carol = makeUser({ user_id: 'u-carol', email: 'carol@sample.net', first_name: 'Carol', last_name: 'Cole' });

let errorSpy: jest.SpyInstance;
beforeEach(() => {
  mockPage.mockReset();
  mockDelete.mockReset();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** A stand-in for the server's paged search (issue 12): filters by email, case-insensitively, and slices. */
function answerFor(all: AdminUser[], { page, pageSize = 50, q = '' }: UsersPageQuery) {
  const needle = q.trim().toLowerCase();
  const matches = needle ? all.filter((u) => (u.email ?? '').toLowerCase().includes(needle)) : all;
  return { users: matches.slice((page - 1) * pageSize, page * pageSize), total: matches.length, page, pageSize };
}
const serve = (all: AdminUser[]) => mockPage.mockImplementation(async (query) => answerFor(all, query));
const queries = () => mockPage.mock.calls.map(([query]) => query);

const renderList = (entry = '/admin_dashboard') => renderRoute(<UserListPage />, '/admin_dashboard', entry);
const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;
const bodyRows = () => screen.queryAllByRole('row').slice(1); // the first row is the header

test('shows a loading state, then each user with readable membership facts and the number of members', async () => {
  serve([alice, bob]);
  renderList();
  expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
  expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
  expect(queries()).toEqual([{ page: 1, pageSize: 50, q: '' }]);

  const a = within(rowOf('alice@example.com'));
  expect(a.getByText('Alice Archer')).toBeInTheDocument();
  expect(a.getByText('Active')).toBeInTheDocument();
  expect(a.getByText('Lifetime')).toBeInTheDocument(); // the plan sold, not the 'monthly' record field
  expect(a.getByText('$144.56')).toBeInTheDocument();
  expect(a.getByText('Jan 15, 2026')).toBeInTheDocument();
  expect(a.getByText('Jan 15, 2027')).toBeInTheDocument();
  expect(a.getByRole('cell', { name: '2' })).toBeInTheDocument();
  // Issue 29: the sign-up date, in its own labelled column.
  expect(a.getByRole('cell', { name: 'Jan 10, 2026' })).toHaveAttribute('data-label', 'Signed up');
  expect(screen.getByRole('columnheader', { name: 'Signed up' })).toBeInTheDocument();

  const b = within(rowOf('Bob.Builder@Example.org'));
  expect(b.getByText('Inactive')).toBeInTheDocument();
  expect(b.getByText('No plan')).toBeInTheDocument();
  expect(b.getAllByText('—')).toHaveLength(3); // no price, no joined and no expiry date
  expect(screen.getByRole('status')).toHaveTextContent('2 members');
  expect(document.title).toBe('Users · Rotalink');
});

test('the plan under the status reads the subscription type: monthly is the Lifetime plan, Yearly, or No plan', async () => {
  serve([
    alice, // 'monthly': spec §9 sends the lifetime plan so
    makeUser({ user_id: 'u-yves', email: 'yves@example.com', subscription_type: 'yearly' }),
    // Unpaid and inactive, though a joined date is on record: it read "Lifetime".
    makeUser({
      user_id: 'u-nora',
      email: 'nora@example.com',
      subscription_type: null,
      subscription_status: 'inactive',
      package_price: null,
    }),
  ]);
  renderList();
  await screen.findByText('alice@example.com');
  expect(within(rowOf('alice@example.com')).getByText('Lifetime')).toBeInTheDocument();
  expect(within(rowOf('yves@example.com')).getByText('Yearly')).toBeInTheDocument();
  expect(within(rowOf('nora@example.com')).getByText('No plan')).toBeInTheDocument();
  expect(screen.getAllByText('Lifetime')).toHaveLength(1);
});

test('the search goes to the server once the admin pauses typing, not once per key', async () => {
  serve([alice, bob, carol]);
  const { user } = renderList();
  await screen.findByText('alice@example.com');
  await user.type(screen.getByLabelText('Search by email or name'), 'BUILDER@ex');
  await waitFor(() => expect(bodyRows()).toHaveLength(1));
  expect(rowOf('Bob.Builder@Example.org')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('1 member matches “BUILDER@ex”');
  // The first load, then one search with the whole text: no request per keystroke.
  expect(queries()).toEqual([
    { page: 1, pageSize: 50, q: '' },
    { page: 1, pageSize: 50, q: 'BUILDER@ex' },
  ]);

  await user.clear(screen.getByLabelText('Search by email or name'));
  await user.type(screen.getByLabelText('Search by email or name'), 'nobody');
  expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('delete asks first, then deletes that user and reloads the page of the list', async () => {
  const people = [alice, bob];
  mockPage.mockImplementation(async (query) => answerFor(people, query));
  mockDelete.mockImplementation(async () => {
    people.splice(0, 1);
    return { message: 'User deleted successfully' };
  });
  const confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { user } = renderList();
  await user.click(await screen.findByRole('button', { name: 'Delete alice@example.com' }));

  expect(confirmSpy).toHaveBeenCalledWith(expect.stringContaining('Alice Archer (alice@example.com)'));
  expect(mockDelete).toHaveBeenCalledWith('u-alice');
  expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('alice@example.com')).not.toBeInTheDocument());
  expect(rowOf('Bob.Builder@Example.org')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('1 member');
  expect(mockPage).toHaveBeenCalledTimes(2);
  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toHaveFocus(); // not lost with the row
});

test('cancelling the confirmation deletes nothing', async () => {
  serve([alice, bob]);
  jest.spyOn(window, 'confirm').mockReturnValue(false);
  const { user } = renderList();
  await user.click(await screen.findByRole('button', { name: 'Delete alice@example.com' }));
  expect(mockDelete).not.toHaveBeenCalled();
  expect(rowOf('alice@example.com')).toBeInTheDocument();
  expect(mockPage).toHaveBeenCalledTimes(1);
});

test('the delete button is disabled while its call runs', async () => {
  serve([alice]);
  let finish!: () => void;
  mockDelete.mockReturnValue(new Promise((resolve) => (finish = () => resolve({ message: 'ok' }))));
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { user } = renderList();
  await user.click(await screen.findByRole('button', { name: 'Delete alice@example.com' }));
  expect(screen.getByRole('button', { name: 'Delete alice@example.com' })).toBeDisabled();
  finish();
  await waitFor(() => expect(mockPage).toHaveBeenCalledTimes(2));
});

test('a failed delete is only logged (spec §8): no message, the row stays', async () => {
  serve([alice]);
  mockDelete.mockRejectedValue(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { user } = renderList();
  await user.click(await screen.findByRole('button', { name: 'Delete alice@example.com' }));
  await waitFor(() => expect(errorSpy).toHaveBeenCalledWith('Deleting the user failed', expect.any(ApiError)));
  expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(rowOf('alice@example.com')).toBeInTheDocument();
});

test('deleting a user another tab already deleted (404) is logged and reloads the list: the row goes, the count follows', async () => {
  const people = [alice, bob];
  mockPage.mockImplementation(async (query) => answerFor(people, query));
  mockDelete.mockRejectedValue(new ApiError('User not found.', { code: 'not-found', status: 404, serverMessage: 'User not found.' }));
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { user } = renderList();
  expect(await screen.findByText('2 members')).toBeInTheDocument();
  people.splice(0, 1); // deleted elsewhere after this page was shown

  await user.click(screen.getByRole('button', { name: 'Delete alice@example.com' }));
  await waitFor(() => expect(screen.queryByText('alice@example.com')).not.toBeInTheDocument());
  expect(screen.getByRole('status')).toHaveTextContent('1 member');
  expect(errorSpy).toHaveBeenCalledWith('Deleting the user failed', expect.any(ApiError)); // spec §8: logged
  expect(screen.queryByText('User not found.')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toHaveFocus(); // not lost with the row
});

test('a failed list is logged and says it could not load, without the server text; Try again recovers', async () => {
  mockPage.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  const { user } = renderList();
  expect(await screen.findByRole('alert')).toHaveTextContent('The list of users could not be loaded.');
  expect(errorSpy).toHaveBeenCalledWith('Loading the user list failed', expect.any(ApiError));
  expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument();
  serve([carol]);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('carol@sample.net')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

/** Holds the next answer of the stand-in server until the test lets it through. */
function holdNextAnswer(all: AdminUser[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  mockPage.mockImplementationOnce(async (query) => {
    await released;
    return answerFor(all, query);
  });
  return release;
}
const status = () => screen.getByRole('status');

test('while a search loads, the status line says so instead of a count the dimmed rows do not have', async () => {
  const everyone = makeUsers(120);
  serve(everyone);
  const { user } = renderList();
  expect(await screen.findByText('120 members · showing 1–50')).toBeInTheDocument();

  const release = holdNextAnswer(everyone);
  await user.type(screen.getByLabelText('Search by email or name'), 'user-01');
  expect(status()).toHaveTextContent('Searching…'); // typed, not sent yet
  await waitFor(() => expect(queries().at(-1)).toEqual({ page: 1, pageSize: 50, q: 'user-01' }));
  // The unfiltered rows are still on screen, dimmed; no number of matches is claimed for them.
  expect(status()).toHaveTextContent('Searching…');
  expect(status()).not.toHaveTextContent(/\d/);
  expect(screen.getByText('user-0001@example.com').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');

  release();
  expect(await screen.findByText('21 members match “user-01”')).toBeInTheDocument(); // user-0100 … user-0120
  expect(bodyRows()).toHaveLength(21);
});

test('while the next page loads, the status line says Loading…, not the next page’s range over this page’s rows', async () => {
  const everyone = makeUsers(120);
  serve(everyone);
  const { user } = renderList();
  expect(await screen.findByText('120 members · showing 1–50')).toBeInTheDocument();

  const release = holdNextAnswer(everyone);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(status()).toHaveTextContent('Loading…');
  expect(screen.getByText('user-0001@example.com')).toBeInTheDocument();
  release();
  expect(await screen.findByText('120 members · showing 51–100')).toBeInTheDocument();
});

test('after a failed search the status line claims no count and the previous search’s rows are gone', async () => {
  serve([alice, bob, carol]);
  const { user } = renderList();
  expect(await screen.findByText('3 members')).toBeInTheDocument();

  mockPage.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  await user.type(screen.getByLabelText('Search by email or name'), 'carol');
  expect(await screen.findByRole('alert')).toHaveTextContent('The list of users could not be loaded.');
  expect(status()).toBeEmptyDOMElement();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('1 member matches “carol”')).toBeInTheDocument();
  expect(bodyRows()).toHaveLength(1);
});

test('when the first load fails the status line says neither "No users to show." nor any count', async () => {
  mockPage.mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  renderList();
  expect(await screen.findByRole('alert')).toHaveTextContent('The list of users could not be loaded.');
  expect(status()).toBeEmptyDOMElement();
  expect(screen.queryByText('No users to show.')).not.toBeInTheDocument();
});

test('the search box takes at most the 254 characters the API accepts', async () => {
  serve([alice]);
  const { user } = renderList();
  await screen.findByText('alice@example.com');
  const search = screen.getByLabelText('Search by email or name');
  expect(search).toHaveAttribute('maxlength', '254');
  await user.click(search);
  await user.paste('a'.repeat(300));
  expect(search).toHaveValue('a'.repeat(254));
  await waitFor(() => expect(queries().at(-1)).toEqual({ page: 1, pageSize: 50, q: 'a'.repeat(254) }));
});

test('an address whose search is longer than the API takes is searched for its first 254 characters, not refused', async () => {
  serve([alice]);
  renderList(`/admin_dashboard?q=${'x'.repeat(300)}`); // an old or hand-made address: maxLength does not apply
  expect(await screen.findByText(`No users match “${'x'.repeat(254)}”.`)).toBeInTheDocument();
  expect(queries()).toEqual([{ page: 1, pageSize: 50, q: 'x'.repeat(254) }]);
  expect(screen.getByLabelText('Search by email or name')).toHaveValue('x'.repeat(254));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test.each(['99999999999999999999', '1e400'])(
  'an absurd page number (%s) moves to the last page, never asking for a page the API refuses',
  async (page) => {
    serve(makeUsers(60));
    renderList(`/admin_dashboard?page=${page}`);
    expect(await screen.findByText('60 members · showing 51–60')).toBeInTheDocument();
    expect(queries().at(-1)).toEqual({ page: 2, pageSize: 50, q: '' });
    for (const query of queries()) expect(String(query.page)).toMatch(/^[1-9][0-9]{0,5}$/); // the contract's page
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
);

test('a search the API refuses (400) shows its reason, without a Try again that would fail the same way', async () => {
  const reason = 'Search is not valid.';
  mockPage.mockRejectedValue(new ApiError(reason, { code: 'invalid', status: 400, serverMessage: reason }));
  renderList('/admin_dashboard?q=ada');
  expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  expect(screen.queryByText('The list of users could not be loaded.')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

test("a member's token (403) gets the administrators-only message, not an empty table", async () => {
  mockPage.mockRejectedValue(new ApiError('Forbidden', { code: 'forbidden', status: 403, serverMessage: 'Forbidden' }));
  renderList();
  expect(await screen.findByRole('alert')).toHaveTextContent('This area is for administrators. Sign in at /admin.');
  expect(screen.getByRole('link', { name: '/admin' })).toHaveAttribute('href', '/admin');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByText('No users to show.')).not.toBeInTheDocument();
});

test('a 403 on delete also shows the administrators-only message', async () => {
  serve([alice]);
  mockDelete.mockRejectedValue(new ApiError('Forbidden', { code: 'forbidden', status: 403, serverMessage: 'Forbidden' }));
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  const { user } = renderList();
  await user.click(await screen.findByRole('button', { name: 'Delete alice@example.com' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This area is for administrators. Sign in at /admin.');
});

test.each([
  [
    'the server refused it (401)',
    new ApiError('Token is missing', { code: 'token-missing', status: 401, serverMessage: 'Token is missing' }),
  ],
  ['refused before sending: no token held', new ApiError('Token is missing', { code: 'token-missing' })],
  ['bad credentials', new ApiError('Invalid token', { code: 'bad-credentials', status: 401, serverMessage: 'Invalid token' })],
])('an unaccepted token (%s) goes to the /admin sign-in', async (_label, error) => {
  mockPage.mockRejectedValue(error);
  renderList();
  expect(await screen.findByText('Landed on /admin')).toBeInTheDocument();
});

test('an expired token is left to the shell (spec §8: to /login): the page neither navigates nor shows an error', async () => {
  mockPage.mockRejectedValue(
    new ApiError('Unauthorized: jwt expired', { code: 'session-ended', status: 401, serverMessage: 'Unauthorized: jwt expired' }),
  );
  renderList();
  expect(await screen.findByText('No users to show.')).toBeInTheDocument();
  expect(screen.queryByText(/Landed on/)).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(errorSpy).not.toHaveBeenCalledWith('Loading the user list failed', expect.anything());
});

test('pages come from the server: 50 rows, the total, Next asks for page 2 and brings the admin to the top', async () => {
  serve(makeUsers(1000));
  const { user } = renderList();
  expect(await screen.findByText('1,000 members · showing 1–50')).toBeInTheDocument();
  expect(bodyRows()).toHaveLength(50);
  expect(screen.getByText('Page 1 of 20')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('1,000 members · showing 51–100')).toBeInTheDocument();
  expect(queries()[1]).toEqual({ page: 2, pageSize: 50, q: '' });
  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toHaveFocus();
  expect(screen.getByText('user-0051@example.com')).toBeInTheDocument();
  expect(screen.queryByText('user-0001@example.com')).not.toBeInTheDocument();

  // A search starts again at page 1 of the matches: user-01xx = 0100…0199.
  await user.click(screen.getByLabelText('Search by email or name'));
  await user.paste('USER-01');
  expect(await screen.findByText('100 members match “USER-01” · showing 1–50')).toBeInTheDocument();
  expect(queries().at(-1)).toEqual({ page: 1, pageSize: 50, q: 'USER-01' });
}, 20_000);

test('the page and search are read from the URL (a reload, or Back from a user)', async () => {
  serve(makeUsers(120));
  renderList('/admin_dashboard?q=user-00&page=2');
  expect(await screen.findByText('99 members match “user-00” · showing 51–99')).toBeInTheDocument();
  expect(screen.getByLabelText('Search by email or name')).toHaveValue('user-00');
  expect(queries()).toEqual([{ page: 2, pageSize: 50, q: 'user-00' }]);
});

test('a page past the end (members deleted meanwhile) moves to the last page', async () => {
  serve(makeUsers(60));
  renderList('/admin_dashboard?page=9');
  expect(await screen.findByText('60 members · showing 51–60')).toBeInTheDocument();
  expect(queries().at(-1)).toEqual({ page: 2, pageSize: 50, q: '' });
});

test('View opens the user details with the user as navigation state, the id in the URL and the way back', async () => {
  serve([alice, bob]);
  const { user } = renderList('/admin_dashboard?q=example&page=1');
  await user.click(await screen.findByRole('button', { name: 'View Bob.Builder@Example.org' }));
  expect(screen.getByText('Landed on /user-details?userId=u-bob')).toBeInTheDocument();
  expect(screen.getByText('State user: Bob.Builder@Example.org')).toBeInTheDocument();
});

test('member-written names are shown as text, never as HTML', async () => {
  serve([makeUser({ first_name: '<img src=x onerror=alert(1)>', last_name: '<b>x</b>' })]);
  const { container } = renderList();
  expect(await screen.findByText('<img src=x onerror=alert(1)> <b>x</b>')).toBeInTheDocument();
  expect(container.querySelector('img')).toBeNull();
});
