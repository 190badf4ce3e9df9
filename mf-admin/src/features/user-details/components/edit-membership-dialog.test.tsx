import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, getAdminUser, updateUser, type UpdateUserOk } from '@rotalink/shared-api';
import { renderRoute } from '../../../test-utils/render-route';
import { makeUser } from '../../../test-utils/users';
import { UserDetailsPage } from './user-details-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getAdminUser: jest.fn(),
  updateUser: jest.fn(),
}));
// The clicks section of the page (its own tests: user-details-page.test.tsx).
jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getAdminUserStats: jest.fn(() => new Promise(() => {})),
}));
const mockDetails = jest.mocked(getAdminUser);
const mockUpdate = jest.mocked(updateUser);

const alice = makeUser({ package_joined_date: '2026-01-15T10:30:07.000Z', package_expiry_date: '2027-01-15T10:30:00.000Z' });

beforeEach(() => {
  mockDetails.mockReset().mockResolvedValue({ user: alice, links: [], subProfiles: [] });
  mockUpdate.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

async function openDialog(shown = alice) {
  mockDetails.mockResolvedValue({ user: shown, links: [], subProfiles: [] });
  const view = renderRoute(<UserDetailsPage />, '/user-details', {
    pathname: '/user-details',
    search: `?userId=${shown.user_id}`,
    state: { user: shown },
  });
  await screen.findByText('No pending links.');
  await view.user.click(screen.getByRole('button', { name: 'Edit membership' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit membership' });
  return { ...view, dialog: within(dialog), dialogElement: dialog };
}
const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('the dialog opens filled with the current membership, focus inside; Escape closes it and focus returns', async () => {
  const { user, dialog, dialogElement } = await openDialog();
  expect(dialogElement).toHaveAttribute('aria-modal', 'true');
  expect(dialog.getByLabelText('Subscription type')).toHaveValue('monthly');
  // Issue 29: each type says what the member is shown for it.
  expect(dialog.getByRole('option', { name: 'Monthly — the member sees the Lifetime plan' })).toBeInTheDocument();
  expect(dialog.getByRole('option', { name: 'Yearly — the member sees the Lifetime plan' })).toBeInTheDocument();
  expect(dialog.getByLabelText('Subscription type')).toHaveAccessibleDescription(
    'Members see one plan, the Lifetime plan, whichever type is saved here.',
  );
  expect(dialog.getByLabelText('Status')).toHaveValue('active');
  expect(dialog.getByLabelText('Price (USD)')).toHaveValue('144.56');
  expect(dialog.getByLabelText('Joined (UTC)')).toHaveValue('2026-01-15T10:30');
  expect(dialog.getByLabelText('Expires (UTC)')).toHaveValue('2027-01-15T10:30');
  expect(dialogElement).toContainElement(document.activeElement as HTMLElement);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Edit membership' })).toHaveFocus();
  expect(mockUpdate).not.toHaveBeenCalled();
});

test('Tab stays inside the dialog (focus trap)', async () => {
  const { user, dialog } = await openDialog();
  const save = dialog.getByRole('button', { name: 'Save' });
  save.focus();
  await user.tab();
  expect(dialog.getByLabelText('Subscription type')).toHaveFocus();
  await user.tab({ shift: true });
  expect(save).toHaveFocus();
});

test('saving sends the chosen values with dates as YYYY-MM-DD HH:mm:ss and shows the answer', async () => {
  const saved = makeUser({
    subscription_type: 'yearly',
    subscription_status: 'inactive',
    package_price: 99.5,
    package_joined_date: '2026-02-01T09:05:00.000Z',
    package_expiry_date: '2027-02-01T09:05:00.000Z',
  });
  mockUpdate.mockResolvedValue({ message: 'User updated successfully', user: saved } as UpdateUserOk);
  const { user, dialog } = await openDialog();

  await user.selectOptions(dialog.getByLabelText('Subscription type'), 'yearly');
  await user.selectOptions(dialog.getByLabelText('Status'), 'inactive');
  await user.clear(dialog.getByLabelText('Price (USD)'));
  await user.type(dialog.getByLabelText('Price (USD)'), '99.5');
  setDate('Joined (UTC)', '2026-02-01T09:05');
  setDate('Expires (UTC)', '2027-02-01T09:05');
  await user.click(dialog.getByRole('button', { name: 'Save' }));

  expect(mockUpdate).toHaveBeenCalledWith('u-alice', {
    subscription_type: 'yearly',
    subscription_status: 'inactive',
    package_price: 99.5,
    package_joined_date: '2026-02-01 09:05:00',
    package_expiry_date: '2027-02-01 09:05:00',
  });
  expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const summary = within(screen.getByRole('region', { name: /Membership/ }));
  expect(summary.getByText('Inactive')).toBeInTheDocument();
  // The yearly type saved is the yearly type shown (only 'monthly' is the lifetime plan, spec §9).
  expect(summary.getByText('Plan').closest('div')).toHaveTextContent('PlanYearly');
  expect(summary.getByText('$99.50')).toBeInTheDocument();
  expect(summary.getByText('Feb 1, 2027, 09:05 UTC')).toBeInTheDocument();
});

test('untouched dates keep their exact stored second; emptied dates are cleared', async () => {
  mockUpdate.mockResolvedValue({ message: 'ok', user: alice } as UpdateUserOk);
  const { user, dialog } = await openDialog();
  setDate('Expires (UTC)', '');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(mockUpdate).toHaveBeenCalledWith(
    'u-alice',
    expect.objectContaining({ package_joined_date: '2026-01-15 10:30:07', package_expiry_date: null }),
  );
});

test.each([
  ['before', '2026-05-31T12:00'],
  ['equal to', '2026-06-01T12:00'], // the server refuses it too (expiry must be after joined)
])('an expiry %s the joined date is refused with the server’s message and nothing is sent', async (_label, expiry) => {
  const { user, dialog } = await openDialog();
  setDate('Joined (UTC)', '2026-06-01T12:00');
  setDate('Expires (UTC)', expiry);
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(dialog.getByText('Expiry date must be after the joined date.')).toBeInTheDocument();
  expect(dialog.getByLabelText('Expires (UTC)')).toHaveAttribute('aria-invalid', 'true');
  expect(dialog.getByLabelText('Expires (UTC)')).toHaveAccessibleDescription('Expiry date must be after the joined date.');
  expect(mockUpdate).not.toHaveBeenCalled();
});

test.each(['0026-03-15T09:00', '0999-12-31T23:59'])(
  'a joined date in year %p is refused with the date message, never sent as another year (0026 went out as 1926)',
  async (joined) => {
    const { user, dialog } = await openDialog();
    setDate('Joined (UTC)', joined);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByLabelText('Joined (UTC)')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Joined (UTC)')).toHaveAccessibleDescription('Enter a valid date and time.');
    expect(dialog.getByLabelText('Joined (UTC)')).toHaveFocus();
    expect(mockUpdate).not.toHaveBeenCalled();
  },
);

test.each(['0.001', '10.005'])('a price with more than 2 decimals (%p) is refused with a message, not rounded and saved', async (price) => {
  const { user, dialog } = await openDialog();
  await user.clear(dialog.getByLabelText('Price (USD)'));
  await user.type(dialog.getByLabelText('Price (USD)'), price);
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(dialog.getByLabelText('Price (USD)')).toHaveAccessibleDescription('Enter the price with at most 2 decimals, for example 144.56.');
  expect(mockUpdate).not.toHaveBeenCalled();
});

test.each(['-5', 'abc'])('a price of %p is refused with a message', async (price) => {
  const { user, dialog } = await openDialog();
  await user.clear(dialog.getByLabelText('Price (USD)'));
  await user.type(dialog.getByLabelText('Price (USD)'), price);
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(dialog.getByText('Enter a price of 0 or more, for example 144.56.')).toBeInTheDocument();
  expect(mockUpdate).not.toHaveBeenCalled();
});

test('a refused check moves focus to the first invalid field, which is marked invalid and described by its message', async () => {
  const { user, dialog } = await openDialog();
  const price = dialog.getByLabelText('Price (USD)');
  await user.clear(price);
  await user.type(price, 'abc');
  setDate('Joined (UTC)', '2026-06-01T12:00');
  setDate('Expires (UTC)', '2026-05-31T12:00');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(price).toHaveFocus(); // the first of the two invalid fields, not Save
  expect(price).toHaveAttribute('aria-invalid', 'true');
  expect(price).toHaveAccessibleDescription('Enter a price of 0 or more, for example 144.56.');

  await user.clear(price);
  await user.type(price, '10');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(dialog.getByLabelText('Expires (UTC)')).toHaveFocus();
  expect(price).not.toHaveAttribute('aria-invalid');
  expect(mockUpdate).not.toHaveBeenCalled();
});

test('a member without a plan can be saved without a price: it is sent as null', async () => {
  const newcomer = makeUser({ subscription_status: 'inactive', package_price: null, package_joined_date: null, package_expiry_date: null });
  mockUpdate.mockResolvedValue({
    message: 'User updated successfully',
    user: { ...newcomer, subscription_type: 'yearly' },
  } as UpdateUserOk);
  const { user, dialog } = await openDialog(newcomer);
  expect(dialog.getByLabelText('Price (USD)')).toHaveValue('');
  await user.selectOptions(dialog.getByLabelText('Subscription type'), 'yearly');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(mockUpdate).toHaveBeenCalledWith('u-alice', expect.objectContaining({ subscription_type: 'yearly', package_price: null }));
  expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
});

test('an active plan with an expiry in the past: the dialog warns before saving, and the saved message says it is inactive', async () => {
  const { user, dialog } = await openDialog();
  const warning = 'This expiry has passed, so the plan will be saved as inactive.';
  expect(dialog.queryByText(warning)).not.toBeInTheDocument();
  setDate('Joined (UTC)', '2019-01-01T00:00');
  setDate('Expires (UTC)', '2020-01-31T12:00');
  expect(dialog.getByRole('status')).toHaveTextContent(warning); // announced, and before Save
  await user.selectOptions(dialog.getByLabelText('Status'), 'inactive');
  expect(dialog.queryByText(warning)).not.toBeInTheDocument(); // what is chosen is what is saved
  await user.selectOptions(dialog.getByLabelText('Status'), 'active');

  // The server derives inactive from the passed expiry (DESIGN §6) and answers so.
  const saved = makeUser({
    subscription_status: 'inactive',
    package_joined_date: '2019-01-01T00:00:00.000Z',
    package_expiry_date: '2020-01-31T12:00:00.000Z',
  });
  mockUpdate.mockResolvedValue({ message: 'User updated successfully', user: saved } as UpdateUserOk);
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(mockUpdate).toHaveBeenCalledWith('u-alice', expect.objectContaining({ subscription_status: 'active' }));
  expect(await screen.findByText('User updated: the plan is inactive because its expiry has passed.')).toBeInTheDocument();
  expect(screen.queryByText('User updated successfully')).not.toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: /Membership/ })).getByText('Inactive')).toBeInTheDocument();
});

test('a price of 0 is allowed', async () => {
  mockUpdate.mockResolvedValue({ message: 'ok', user: makeUser({ package_price: 0 }) } as UpdateUserOk);
  const { user, dialog } = await openDialog();
  await user.clear(dialog.getByLabelText('Price (USD)'));
  await user.type(dialog.getByLabelText('Price (USD)'), '0');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(mockUpdate).toHaveBeenCalledWith('u-alice', expect.objectContaining({ package_price: 0 }));
});

test('Save and Cancel are disabled while the save runs', async () => {
  let finish!: (v: UpdateUserOk) => void;
  mockUpdate.mockReturnValue(new Promise((resolve) => (finish = resolve)));
  const { user, dialog } = await openDialog();
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(dialog.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await user.click(dialog.getByRole('button', { name: 'Saving…' }));
  expect(mockUpdate).toHaveBeenCalledTimes(1);
  finish({ message: 'Saved', user: alice } as UpdateUserOk);
  expect(await screen.findByText('Saved')).toBeInTheDocument();
});

test("a refused save shows the server's error inside the dialog, which stays open", async () => {
  mockUpdate.mockRejectedValue(new ApiError('Invalid date', { code: 'invalid', status: 400, serverMessage: 'Invalid date' }));
  const { user, dialog } = await openDialog();
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await dialog.findByRole('alert')).toHaveTextContent('Invalid date');
  expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
});

test("a member's token (403) on save gets the administrators-only message", async () => {
  mockUpdate.mockRejectedValue(new ApiError('Forbidden', { code: 'forbidden', status: 403, serverMessage: 'Forbidden' }));
  const { user, dialog } = await openDialog();
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('alert')).toHaveTextContent('This area is for administrators. Sign in at /admin.');
});
