import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDomain, ApiError, getDomain, getHandle, updateHandle, verifyDomain, type CustomDomain } from '@rotalink/shared-api';
import { CustomDomainCard } from './custom-domain-card';
import { PublicAddress } from './public-address';

jest.mock('@rotalink/shared-api', () => ({
  ...jest.requireActual('@rotalink/shared-api'),
  getHandle: jest.fn(),
  updateHandle: jest.fn(),
  getDomain: jest.fn(),
  addDomain: jest.fn(),
  verifyDomain: jest.fn(),
  removeDomain: jest.fn(),
}));
const origin = window.location.origin;
const state = (handle: string | null, old: Array<{ handle: string; frees_at: string }> = []) => ({
  user_id: 'u1',
  handle,
  page_url: '',
  rotator_url: '',
  old_handles: old,
});

beforeEach(() => jest.clearAllMocks());

describe('PublicAddress (issue 32)', () => {
  it('shows the id link until a handle is saved, then the handle link and the old one still redirecting', async () => {
    (getHandle as jest.Mock).mockResolvedValue(state(null));
    (updateHandle as jest.Mock).mockResolvedValue({
      message: 'Handle saved.',
      state: state('ada', [{ handle: 'old-ada', frees_at: '2026-12-27T00:00:00.000Z' }]),
    });
    render(<PublicAddress userId="u1" />);
    expect(await screen.findByRole('link', { name: `${origin}/profile?userId=u1` })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Handle/ }), ' Ada ');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(updateHandle).toHaveBeenCalledWith('u1', 'ada');
    expect(await screen.findByText('Handle saved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${origin}/ada` })).toBeInTheDocument();
    expect(screen.getByText(/Still redirecting here: old-ada/)).toBeInTheDocument();
  });

  it('says what is wrong before asking, and shows the server’s refusal by the field', async () => {
    (getHandle as jest.Mock).mockResolvedValue(state(null));
    render(<PublicAddress userId="u1" />);
    const field = await screen.findByRole('textbox', { name: /Handle/ });
    await userEvent.type(field, 'a_b');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('may use only the letters a-z, digits and hyphens');
    expect(updateHandle).not.toHaveBeenCalled();
    (updateHandle as jest.Mock).mockRejectedValue(
      new ApiError('This handle is reserved. Please choose another.', {
        code: 'invalid',
        status: 400,
        serverMessage: 'This handle is reserved. Please choose another.',
      }),
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(await screen.findByText('This handle is reserved. Please choose another.')).toBeInTheDocument();
  });
});

describe('CustomDomainCard (issue 32)', () => {
  const pending: CustomDomain = {
    hostname: 'go.example.com',
    txt_name: '_rotalink.go.example.com',
    txt_value: 'rotalink-verify-abc',
    status: 'pending',
    verified_at: null,
    checked_at: null,
    page_url: 'https://go.example.com/',
    rotator_url: 'https://go.example.com/go',
  };

  it('adds a domain, shows the TXT record to create, and after Verify now its two links', async () => {
    (getDomain as jest.Mock).mockResolvedValue({ domain: null });
    (addDomain as jest.Mock).mockResolvedValue({ message: 'Domain added.', domain: pending });
    (verifyDomain as jest.Mock).mockResolvedValue({
      message: 'Domain verified.',
      domain: { ...pending, status: 'verified', verified_at: '2026-11-28T00:00:00.000Z' },
    });
    render(<CustomDomainCard />);
    await userEvent.type(await screen.findByLabelText('Host name'), 'go.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(addDomain).toHaveBeenCalledWith('go.example.com');
    const card = screen.getByRole('region', { name: 'Custom domain' });
    expect(await within(card).findByText('_rotalink.go.example.com')).toBeInTheDocument();
    expect(within(card).getByText('rotalink-verify-abc')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText('Domain verified.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://go.example.com/' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://go.example.com/go' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a host name', async () => {
    (getDomain as jest.Mock).mockResolvedValue({ domain: null });
    (addDomain as jest.Mock).mockRejectedValue(
      new ApiError('Use a host name such as go.example.com, not an IP address.', {
        code: 'invalid',
        status: 400,
        serverMessage: 'Use a host name such as go.example.com, not an IP address.',
      }),
    );
    render(<CustomDomainCard />);
    await userEvent.type(await screen.findByLabelText('Host name'), '127.0.0.1');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not an IP address');
  });
});
