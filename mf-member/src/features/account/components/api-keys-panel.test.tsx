import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiKey } from '@rotalink/shared-api';
import { createApiKey, listApiKeys, revokeApiKey } from '@rotalink/shared-api/live';
import { renderPage } from '../../../test-utils/render-page';
import { ApiKeysPanel } from './api-keys-panel';

jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  listApiKeys: jest.fn(),
  createApiKey: jest.fn(),
  revokeApiKey: jest.fn(),
}));
// Typing-heavy steps: a loaded 2-core machine needs more than the default 5 s.
jest.setTimeout(30_000);

const mockList = listApiKeys as jest.MockedFunction<typeof listApiKeys>;
const mockCreate = createApiKey as jest.MockedFunction<typeof createApiKey>;
const mockRevoke = revokeApiKey as jest.MockedFunction<typeof revokeApiKey>;

const SECRET = 'rlk_0a1b2c3d4e5f_' + 'S'.repeat(43);
const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'k1',
  name: 'Zapier',
  prefix: 'rlk_0a1b2c3d4e5f_…',
  scopes: ['links:read'],
  created_at: '2026-11-01T10:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  ...over,
});

const renderPanel = () => renderPage(<ApiKeysPanel />, { path: '/account', url: '/account' });

beforeEach(() => {
  jest.clearAllMocks();
  Object.assign(navigator, { clipboard: { writeText: jest.fn(async () => undefined) } });
});

describe('ApiKeysPanel', () => {
  it('creates a key with the chosen scopes and shows its text once, then only its public start', async () => {
    mockList.mockResolvedValueOnce({ keys: [] }).mockResolvedValue({ keys: [key({ scopes: ['links:read', 'stats:read'] })] });
    mockCreate.mockResolvedValue({ message: 'API key created.', key: key({ scopes: ['links:read', 'stats:read'] }), secret: SECRET });
    renderPanel();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create an API key' });
    await userEvent.type(within(form).getByLabelText('Key name'), 'Zapier');
    await userEvent.click(within(form).getByRole('checkbox', { name: /Read click statistics/ }));
    await userEvent.selectOptions(within(form).getByLabelText('Expires'), 'In 30 days');
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));

    const sent = mockCreate.mock.calls[0][0];
    expect({ ...sent, expires_at: typeof sent.expires_at }).toEqual({
      name: 'Zapier',
      scopes: ['links:read', 'stats:read'],
      expires_at: 'string',
    });
    const days = (Date.parse(sent.expires_at as string) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(await screen.findByLabelText('New API key')).toHaveValue(SECRET);
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET);
    const table = await screen.findByRole('table', { name: 'Your API keys' });
    expect(within(table).getByText('rlk_0a1b2c3d4e5f_…')).toBeInTheDocument();
    expect(table).not.toHaveTextContent(SECRET);

    await userEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByLabelText('New API key')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('offers the conversions:write scope (issue 31) for a script that records sales', async () => {
    mockList.mockResolvedValue({ keys: [] });
    mockCreate.mockResolvedValue({ message: 'API key created.', key: key({ scopes: ['conversions:write'] }), secret: SECRET });
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Create an API key' });
    await userEvent.type(within(form).getByLabelText('Key name'), 'Shop');
    // Only that scope: the default 'Read links' is unticked.
    await userEvent.click(within(form).getByRole('checkbox', { name: /Read links/ }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /Record conversions \(sales\) on your profiles/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(mockCreate.mock.calls[0][0]).toMatchObject({ name: 'Shop', scopes: ['conversions:write'] });
  });

  it('asks before revoking, and shows the key as revoked after', async () => {
    mockList.mockResolvedValueOnce({ keys: [key()] }).mockResolvedValue({ keys: [key({ revoked_at: '2026-11-02T10:00:00.000Z' })] });
    mockRevoke.mockResolvedValue({ message: 'API key revoked', key: key({ revoked_at: '2026-11-02T10:00:00.000Z' }) });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Zapier' }));
    const ask = screen.getByRole('group', { name: 'Revoke Zapier?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(mockRevoke).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke Zapier' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Revoke Zapier?' })).getByRole('button', { name: 'Yes, revoke' }));
    expect(mockRevoke).toHaveBeenCalledWith('k1');
    expect(await screen.findByText(/^Revoked /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Zapier' })).not.toBeInTheDocument();
  });

  it('checks the form before any call, and shows the server’s refusal', async () => {
    mockList.mockResolvedValue({ keys: [] });
    mockCreate.mockRejectedValue(
      new ApiError('An account can have at most 25 active API keys. Revoke one first.', {
        code: 'conflict',
        status: 409,
        serverMessage: 'An account can have at most 25 active API keys. Revoke one first.',
      }),
    );
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Create an API key' });
    await userEvent.click(within(form).getByRole('checkbox', { name: /Read links/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(within(form).getByText('Give the key a name, e.g. the tool that will use it.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one thing the key may do.')).toBeInTheDocument();
    expect(mockCreate).not.toHaveBeenCalled();
    await userEvent.type(within(form).getByLabelText('Key name'), 'Many');
    await userEvent.click(within(form).getByRole('checkbox', { name: /Read links/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('An account can have at most 25 active API keys. Revoke one first.')).toBeInTheDocument();
  });
});
