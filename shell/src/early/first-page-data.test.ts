import { configureApi, getPublicLinks, getPublicProfile, getUsersPage } from '@rotalink/shared-api';
import { firstAuthorizedRead, firstPageData } from './first-page-data';

/** The URLs the real client requests (the session kernel's fetch, answered here instead of the network). */
async function clientUrls(userId: string): Promise<string[]> {
  return urlsOf(async () => {
    await getPublicProfile(userId);
    await getPublicLinks(userId);
  });
}

async function urlsOf(calls: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    urls.push(String(url));
    return new Response('{}');
  });
  try {
    configureApi({ baseURL: 'http://api.test/' });
    await calls();
  } finally {
    spy.mockRestore();
  }
  return urls;
}

describe('firstPageData', () => {
  it.each(['Ab3_x-9Qz', 'with space+plus:colon,comma$[x]', 'ünï/cödé?&='])(
    'preloads exactly the URLs the visitor page requests (userId %p)',
    async (userId) => {
      const search = `?userId=${encodeURIComponent(` ${userId} `)}`; // the page trims the id
      expect(firstPageData('mf_public/PublicProfile', search, 'http://api.test/')).toEqual(await clientUrls(userId));
    },
  );

  it('preloads nothing without a userId, or for any other page', () => {
    expect(firstPageData('mf_public/PublicProfile', '', 'http://api.test')).toEqual([]);
    expect(firstPageData('mf_public/PublicProfile', '?userId=%20', 'http://api.test')).toEqual([]);
    expect(firstPageData('mf_member/Dashboard', '?userId=u1', 'http://api.test')).toEqual([]);
  });
});

describe('firstAuthorizedRead (issue 12)', () => {
  beforeEach(() => localStorage.setItem('token', 'admin-token')); // the client refuses a protected call without one

  it.each([
    ['', 1, ''],
    ['?q=%20Ada%40Example%20&page=3', 3, 'Ada@Example'],
    ['?page=0&q=', 1, ''],
    ['?q=a%2Bb%20c&page=x', 1, 'a+b c'],
  ])('is exactly the URL of the dashboard’s first page (%p)', async (search, page, q) => {
    const client = await urlsOf(async () => {
      await getUsersPage({ page, pageSize: 50, q });
    });
    expect([firstAuthorizedRead('mf_admin/AdminDashboard', search, 'http://api.test/')]).toEqual(client);
  });

  it('is none for any other page', () => {
    expect(firstAuthorizedRead('mf_admin/UserDetails', '?userId=u1', 'http://api.test')).toBeNull();
    expect(firstAuthorizedRead('mf_public/PublicProfile', '?userId=u1', 'http://api.test')).toBeNull();
  });
});
