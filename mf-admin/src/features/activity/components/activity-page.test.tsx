import { screen, within } from '@testing-library/react';
import type { AuditEvent } from '@rotalink/shared-api';
import { getActivity } from '@rotalink/shared-api/live';
import { renderRoute } from '../../../test-utils/render-route';
import { ActivityPage } from './activity-page';

jest.mock('@rotalink/shared-api/live', () => ({
  ...jest.requireActual('@rotalink/shared-api/live'),
  getActivity: jest.fn(),
}));
const mockActivity = getActivity as jest.MockedFunction<typeof getActivity>;

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 'e1',
  at: '2026-11-27T10:11:12.000Z',
  action: 'admin.membership-edited',
  actor_kind: 'admin',
  actor_id: 'adm',
  actor_label: 'admin',
  target_id: 'u1',
  target_label: 'ada@example.com',
  changes: { subscription_status: ['inactive', 'active'] },
  ip_hash: '0123456789abcdef0123456789abcdef',
  ...over,
});

beforeEach(() => jest.clearAllMocks());

test('shows the log newest first with who, whom and what changed; the filters go to the server and start at page 1', async () => {
  mockActivity.mockResolvedValue({
    events: [
      event({}),
      event({ id: 'e2', action: 'admin.sign-in-failed', actor_kind: 'anonymous', actor_id: null, actor_label: null, changes: null }),
    ],
    total: 120,
    page: 1,
    pageSize: 50,
  });
  const { user } = renderRoute(<ActivityPage />, '/admin_activity');
  const rows = await screen.findAllByRole('row');
  expect(
    within(rows[1])
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['2026-11-27 10:11:12', 'Membership edited', 'admin', 'ada@example.com', 'subscription_status: inactive → active', '01234567']);
  expect(within(rows[2]).getByText('Someone not signed in')).toBeInTheDocument();
  expect(screen.getByText('120 events')).toBeInTheDocument();
  expect(document.title).toBe('Activity · Rotalink');

  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(mockActivity).toHaveBeenLastCalledWith({ page: '2', pageSize: '50' });
  await user.type(screen.getByLabelText('On (email or id)'), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText('Action'), 'User deleted');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  expect(mockActivity).toHaveBeenLastCalledWith({ page: '1', pageSize: '50', target: 'ada@example.com', action: 'admin.user-deleted' });
});
