import { ApiError, configureApi, EARLY_READS_KEY, getUsersPage } from '@rotalink/shared-api';
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

test('the shell preloader’s read of this page is taken once instead of a request; a failed one (null) is asked again', async () => {
  configureApi({ baseURL: 'http://api.test' });
  const url = 'http://api.test/api/admin/allusers?page=2&pageSize=50&q=ada';
  const shellPage = { users: [], total: 99, page: 2, pageSize: 50 };
  (window as unknown as Record<string, unknown>)[EARLY_READS_KEY] = { [url]: Promise.resolve(shellPage) };
  requestFirstPageEarly('?q=ada&page=2');
  await expect(usersPage(2, 'ada')).resolves.toEqual(shellPage);
  expect(mockPage).not.toHaveBeenCalled();
  expect((window as unknown as Record<string, Record<string, unknown>>)[EARLY_READS_KEY][url]).toBeUndefined();

  (window as unknown as Record<string, unknown>)[EARLY_READS_KEY] = { [url]: Promise.resolve(null) };
  requestFirstPageEarly('?q=ada&page=2');
  await expect(usersPage(2, 'ada')).resolves.toMatchObject({ total: 7 });
  expect(mockPage).toHaveBeenCalledWith({ page: 2, pageSize: 50, q: 'ada' });
});
