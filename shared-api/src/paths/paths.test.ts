import { ADMIN_LIST } from '../rules/limits';
import { adminListPlace, callUrl, paths } from './index';

describe('callUrl', () => {
  it('is the path alone for a call without parameters or query', () => {
    expect(callUrl(paths.getProfile)).toBe('/api/auth/profile');
  });

  it('fills each :param as one encoded segment', () => {
    expect(callUrl(paths.getSubProfile, { params: { userId: 'a/b c?' } })).toBe('/api/auth/getsubprofile/a%2Fb%20c%3F');
    expect(callUrl(paths.updateUser, { params: { userId: 'u_1' } })).toBe('/api/admin/updateUser/u_1');
  });

  it('a missing :param becomes empty rather than the literal name', () => {
    expect(callUrl(paths.getUserLinks)).toBe('/api/admin/userslinks/');
  });

  it("encodes the query as the client always sent it (space as '+', ':' '$' ',' kept)", () => {
    expect(callUrl(paths.getPublicLinks, { query: { user_id: 'u 1&x=y' } })).toBe('/api/public/userliks?user_id=u+1%26x%3Dy');
    expect(callUrl(paths.getPublicLinks, { query: { user_id: 'a:b$c,d+e/ü' } })).toBe('/api/public/userliks?user_id=a:b$c,d%2Be%2F%C3%BC');
    expect(callUrl({ url: '/x' }, { query: { a: '1', 'b c': '2' } })).toBe('/x?a=1&b+c=2');
  });

  it('puts the base in front without doubling slashes', () => {
    expect(callUrl(paths.getPublicProfile, { query: { user_id: 'u1' } }, 'http://api.test//')).toBe(
      'http://api.test/api/public/publicProfile?user_id=u1',
    );
    expect(callUrl(paths.login, {}, 'https://example.com/api-v')).toBe('https://example.com/api-v/api/auth/login');
  });
});

it('every call path is absolute under /api and has a known token kind', () => {
  for (const path of Object.values(paths)) {
    expect(path.url).toMatch(/^\/api\/[A-Za-z-]+\/[A-Za-z-]+(\.csv)?(\/:\w+)?$/);
    expect(['none', 'member', 'admin', 'signed-in']).toContain(path.auth);
  }
});

test('the admin list place: the page and the search as the list reads them', () => {
  expect(adminListPlace('?q=%20Ada%20&page=3')).toEqual({ q: 'Ada', page: 3 });
  expect(adminListPlace('?page=0')).toEqual({ q: '', page: 1 });
  expect(adminListPlace('?page=abc')).toEqual({ q: '', page: 1 });
  expect(adminListPlace('')).toEqual({ q: '', page: 1 });
});

test('an address asking for more than the API takes is read within its limits, not sent to be refused', () => {
  expect(adminListPlace(`?q=${'x'.repeat(300)}`).q).toBe('x'.repeat(254));
  expect(adminListPlace(`?q=${'x'.repeat(253)}%20y`).q).toBe('x'.repeat(253)); // cut, then trimmed
  expect(adminListPlace('?page=99999999999999999999').page).toBe(ADMIN_LIST.maxPage);
  expect(adminListPlace('?page=1e400').page).toBe(ADMIN_LIST.maxPage); // Infinity
});
