import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type WebhookDelivery, type WebhookEndpoint } from '@rotalink/shared-api';
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listWebhookDeliveries,
  listWebhooks,
  sendTestWebhook,
} from '@rotalink/shared-api/live';
import { renderPage } from '../../../test-utils/render-page';
import { WebhooksPanel } from './webhooks-panel';

jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  listWebhooks: jest.fn(),
  createWebhook: jest.fn(),
  deleteWebhook: jest.fn(),
  enableWebhook: jest.fn(),
  sendTestWebhook: jest.fn(),
  listWebhookDeliveries: jest.fn(),
}));
// Typing-heavy steps: a loaded 2-core machine needs more than the default 5 s.
jest.setTimeout(30_000);

const mockList = listWebhooks as jest.MockedFunction<typeof listWebhooks>;
const mockCreate = createWebhook as jest.MockedFunction<typeof createWebhook>;
const mockDelete = deleteWebhook as jest.MockedFunction<typeof deleteWebhook>;
const mockEnable = enableWebhook as jest.MockedFunction<typeof enableWebhook>;
const mockTest = sendTestWebhook as jest.MockedFunction<typeof sendTestWebhook>;
const mockLog = listWebhookDeliveries as jest.MockedFunction<typeof listWebhookDeliveries>;

const SECRET = 'whsec_' + 'A'.repeat(43) + '=';
const URL_ = 'https://hooks.example.com/rotalink';
const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'e1',
  url: URL_,
  events: ['link.filled', 'queue.empty'],
  created_at: '2026-11-01T10:00:00.000Z',
  disabled_at: null,
  disabled_reason: null,
  failing_since: null,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'msg_1',
  event_type: 'webhook.test',
  created_at: '2026-11-01T10:00:00.000Z',
  status: 'delivered',
  attempts: 1,
  last_attempt_at: '2026-11-01T10:00:01.000Z',
  response_code: 200,
  error: null,
  ...over,
});
const listOf = (endpoints: WebhookEndpoint[]) => ({ endpoints, max_endpoints: 10 });

const renderPanel = () => renderPage(<WebhooksPanel />, { path: '/account', url: '/account' });

beforeEach(() => {
  jest.clearAllMocks();
  Object.assign(navigator, { clipboard: { writeText: jest.fn(async () => undefined) } });
});

describe('WebhooksPanel', () => {
  it('adds an endpoint with the picked events and shows its signing secret once', async () => {
    mockList.mockResolvedValueOnce(listOf([])).mockResolvedValue(listOf([endpoint({ events: ['link.paused', 'queue.empty'] })]));
    mockCreate.mockResolvedValue({ message: 'Webhook endpoint added.', endpoint: endpoint(), secret: SECRET });
    renderPanel();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a webhook endpoint' });
    // Checked before sending: the address must be https.
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), 'http://hooks.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(within(form).getByText('Enter the full address of your receiver, starting with https://.')).toBeInTheDocument();
    expect(mockCreate).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByLabelText('Endpoint URL'));
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), URL_);
    await userEvent.click(within(form).getByRole('checkbox', { name: /A link reached its click cap/ }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /A link was paused/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(mockCreate).toHaveBeenCalledWith({ url: URL_, events: ['queue.empty', 'link.paused'] });
    expect(await screen.findByLabelText('Signing secret')).toHaveValue(SECRET);
    await userEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET);
    const list = await screen.findByRole('list', { name: 'Your webhook endpoints' });
    expect(within(list).getByText(URL_)).toBeInTheDocument();
    expect(list).not.toHaveTextContent(SECRET);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('shows the server’s refusal of a private address', async () => {
    mockList.mockResolvedValue(listOf([]));
    const message = 'Webhook URLs must point to a public address: 10.0.0.7 is a loopback, private, link-local or reserved address.';
    mockCreate.mockRejectedValue(new ApiError(message, { code: 'invalid', status: 400, serverMessage: message }));
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Add a webhook endpoint' });
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), 'https://10.0.0.7/hook');
    await userEvent.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });

  it('sends a test event and shows it in the delivery log; the log has its empty and error states', async () => {
    mockList.mockResolvedValue(listOf([endpoint()]));
    mockLog
      .mockResolvedValueOnce({ deliveries: [] })
      .mockResolvedValueOnce({ deliveries: [delivery({ status: 'pending', attempts: 0, last_attempt_at: null, response_code: null })] })
      .mockResolvedValueOnce({ deliveries: [delivery()] })
      .mockRejectedValueOnce(new Error('offline'));
    mockTest.mockResolvedValue({ message: 'Test event queued.', delivery: delivery({ status: 'pending', attempts: 0 }) });
    renderPanel();
    const item = (await screen.findByText(URL_)).closest('li') as HTMLElement;
    await userEvent.click(within(item).getByRole('button', { name: 'Delivery log' }));
    expect(await within(item).findByText('Nothing sent yet. Use “Send test event” to try the endpoint.')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Send test event' }));
    const log = await within(item).findByRole('table', { name: `Deliveries to ${URL_}` });
    expect(within(log).getByText('Queued')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Refresh log' }));
    expect(await within(log).findByText('Delivered')).toBeInTheDocument();
    expect(within(log).getByText('HTTP 200')).toBeInTheDocument();
    expect(within(log).getByText('webhook.test')).toBeInTheDocument();
    // A failed refresh keeps the log on screen.
    await userEvent.click(within(item).getByRole('button', { name: 'Refresh log' }));
    expect(within(log).getByText('Delivered')).toBeInTheDocument();
  });

  it('a switched-off endpoint says why and can be switched back on; deleting asks first', async () => {
    const off = endpoint({
      disabled_at: '2026-11-04T10:00:00.000Z',
      disabled_reason: 'Every delivery failed since 2026-11-01 (last: HTTP 503)',
    });
    mockList
      .mockResolvedValueOnce(listOf([off]))
      .mockResolvedValueOnce(listOf([endpoint()]))
      .mockResolvedValue(listOf([]));
    mockEnable.mockResolvedValue({ message: 'Webhook endpoint switched back on', endpoint: endpoint() });
    mockDelete.mockResolvedValue({ message: 'Webhook endpoint deleted' });
    renderPanel();
    const item = (await screen.findByText(URL_)).closest('li') as HTMLElement;
    expect(within(item).getByText(/Every delivery failed since 2026-11-01 \(last: HTTP 503\)/)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Send test event' })).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Switch back on' }));
    expect(mockEnable).toHaveBeenCalledWith('e1');
    expect(await screen.findByRole('button', { name: 'Send test event' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const ask = screen.getByRole('group', { name: `Delete ${URL_}?` });
    await userEvent.click(within(ask).getByRole('button', { name: 'Yes, delete' }));
    expect(mockDelete).toHaveBeenCalledWith('e1');
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
  });

  it('loading, then an error with a retry', async () => {
    mockList.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(listOf([]));
    renderPanel();
    expect(screen.getByText('Loading your webhooks…')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
  });
});
