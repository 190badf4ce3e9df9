import { configureApi, getPublicLinks, getPublicProfile, http } from '@rotalink/shared-api';
import type { AxiosAdapter } from 'axios';
import { firstPageData } from './first-page-data';

/** The URLs the real client requests (axios with a stub adapter instead of the network). */
async function clientUrls(userId: string): Promise<string[]> {
  const urls: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    urls.push(http.getUri(config));
    return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
  };
  const previous = http.defaults.adapter;
  http.defaults.adapter = adapter;
  try {
    configureApi({ baseURL: 'http://api.test/' });
    await getPublicProfile(userId);
    await getPublicLinks(userId);
  } finally {
    http.defaults.adapter = previous;
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
