import { ApiError, getUsersPage } from '@rotalink/shared-api';
import { requestFirstPageEarly, usersPage } from './first-page';

jest.mock('@rotalink/shared-api', () => ({ ...jest.requireActual('@rotalink/shared-api'), getUsersPage: jest.fn() }));
const mockPage = jest.mocked(getUsersPage);
const answer = (page: number, q = '') => ({ users: [], total: 7, page, pageSize: 50, q });

beforeEach(() => mockPage.mockReset().mockImplementation(async ({ page, q }) => answer(page, q)));

test('the early request is the page’s first answer, once', async () => {
  requestFirstPageEarly('?q=ada&page=2');
  expect(mockPage).toHaveBeenCalledTimes(1);
  await expect(usersPage(2, 'ada')).resolves.toMatchObject({ page: 2 });
  expect(mockPage).toHaveBeenCalledTimes(1);
  await usersPage(2, 'ada'); // a later load (Refresh) asks the server again
  expect(mockPage).toHaveBeenCalledTimes(2);
});

test('an early request for another place, or one that failed, is not used', async () => {
  requestFirstPageEarly('?page=1');
  await usersPage(4, '');
  expect(mockPage).toHaveBeenLastCalledWith({ page: 4, pageSize: 50, q: '' });
  mockPage.mockReset().mockRejectedValueOnce(new ApiError('Something went wrong!', { code: 'internal', status: 500 }));
  mockPage.mockImplementation(async ({ page, q }) => answer(page, q));
  requestFirstPageEarly('?page=1');
  await expect(usersPage(1, '')).resolves.toMatchObject({ page: 1, total: 7 });
  expect(mockPage).toHaveBeenCalledTimes(2);
});
