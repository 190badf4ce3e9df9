import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, createSubProfile, tokenStore } from '@rotalink/shared-api';
import { renderPage } from '../../../test-utils/render-page';
import { AddProfilePage } from './add-profile-page';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  createSubProfile: jest.fn(),
}));
const mockCreate = createSubProfile as jest.MockedFunction<typeof createSubProfile>;

const renderAdd = () => renderPage(<AddProfilePage />, { path: '/addprofile', url: '/addprofile' });

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('First name'), 'Bob');
  await userEvent.type(screen.getByLabelText('Last name'), 'Builder');
  await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
}

beforeEach(() => {
  jest.clearAllMocks();
  tokenStore.setSession('member-token');
});

describe('AddProfilePage', () => {
  it('labels email and password as optional', () => {
    renderAdd();
    expect(screen.getByLabelText(/Email.*\(optional\)/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Password.*\(optional\)/)).toBeInTheDocument();
  });

  it('requires first name, last name and phone', async () => {
    renderAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Create sub-profile' }));
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Phone is required.')).toBeInTheDocument();
    expect(mockCreate).not.toHaveBeenCalled();
  });

  it('checks an email and a password only when they are given', async () => {
    renderAdd();
    await fillRequired();
    await userEvent.type(screen.getByLabelText(/Email/), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create sub-profile' }));
    expect(screen.getByText('Enter a valid email address, or leave it empty.')).toBeInTheDocument();
    expect(screen.getByText(/at least 8 characters, or leave it empty/)).toBeInTheDocument();
    expect(mockCreate).not.toHaveBeenCalled();
  });

  it('creates the sub-profile with only the required fields, toasts and goes back to /user', async () => {
    mockCreate.mockResolvedValue({ status: 'SUCCESS', message: 'Sub-profile created successfully', user_id: 's_new' });
    renderAdd();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Create sub-profile' }));
    expect(mockCreate).toHaveBeenCalledWith({ firstName: 'Bob', lastName: 'Builder', email: '', phone: '+1 555 0100', password: '' });
    expect(await screen.findByText('Sub-profile created successfully')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user');
  });

  it("shows the server's message on failure, keeps the typing and re-enables the button", async () => {
    let fail: (e: unknown) => void = () => {};
    mockCreate.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    renderAdd();
    await fillRequired();
    await userEvent.type(screen.getByLabelText(/Email/), 'bob@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Create sub-profile' }));
    expect(screen.getByRole('button', { name: 'Creating…' })).toBeDisabled();
    expect(mockCreate).toHaveBeenCalledWith({
      firstName: 'Bob',
      lastName: 'Builder',
      email: 'bob@example.com',
      phone: '+1 555 0100',
      password: 'longenough',
    });
    fail(new ApiError('Email already exists', { code: 'email-taken', status: 409, serverMessage: 'Email already exists' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already exists'); // the toast
    expect(within(screen.getByRole('form', { name: 'New sub-profile' })).getByText('Email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Bob');
    expect(screen.getByLabelText(/Email/)).toHaveValue('bob@example.com');
    expect(screen.getByRole('button', { name: 'Create sub-profile' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
