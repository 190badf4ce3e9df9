import { TOKEN_KEY } from '@rotalink/shared-api/rules';
import { firstModuleFor } from '../app/route-table';

const CONFIG = {
  apiBase: 'http://api.test',
  remotes: {
    mf_public: 'http://pub.test/mf-manifest.json',
    mf_member: 'http://mem.test/app/mf-manifest.json',
    mf_admin: 'http://adm.test/mf-manifest.json',
  },
};
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'Dashboard',
      path: './Dashboard',
      assets: { js: { sync: ['static/js/dash.1.chunk.js'] }, css: { sync: ['static/css/dash.1.chunk.css'] } },
    },
    { name: 'AddLinks', path: './AddLinks', assets: { js: { sync: ['static/js/links.1.chunk.js'] }, css: { sync: [] } } },
  ],
};

const json = (body: unknown, ok = true) => ({
  ok,
  status: ok ? 200 : 404,
  json: async () => body,
  clone() {
    return this;
  },
});

let fetchMock: jest.Mock;
beforeEach(() => {
  document.head.innerHTML = '';
  localStorage.clear();
  fetchMock = jest.fn(async (url: string) => (url === '/config.json' ? json(CONFIG) : json(MANIFEST)));
  global.fetch = fetchMock as unknown as typeof fetch;
});

/** A fresh copy per test: the config read is memoised per page load. */
function loadPreloader() {
  let mod: typeof import('./early-preload') & typeof import('../federation/early-manifests') & typeof import('./early-reads');
  jest.isolateModules(() => {
    mod = { ...require('./early-preload'), ...require('../federation/early-manifests'), ...require('./early-reads') };
  });
  return mod!;
}
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map(
    (l) => `${(l as HTMLLinkElement).as} ${(l as HTMLLinkElement).href}${l.getAttribute('crossorigin') ? ' cors' : ''}`,
  );

describe('firstModuleFor', () => {
  it.each([
    ['/profile', false, 'mf_public/PublicProfile'],
    ['/addlinks', true, 'mf_member/AddLinks'],
    ['/user/', true, 'mf_member/Dashboard'],
    ['/user', false, 'mf_public/Login'],
    ['/admin_dashboard', false, 'mf_public/Login'],
    ['/no/such/page', false, 'mf_public/Landing'],
  ])('%s (token: %s) → %s', (path, token, module) => {
    expect(firstModuleFor(path, token)).toBe(module);
  });
});

describe('preloadFirstPage', () => {
  it("preloads the first page's remoteEntry and chunk, and keeps the manifest for the runtime", async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    const { preloadFirstPage, takeEarlyManifest } = loadPreloader();
    await preloadFirstPage('/user');
    expect(preloads()).toEqual(['script http://mem.test/app/remoteEntry.js', 'script http://mem.test/app/static/js/dash.1.chunk.js']);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/config.json')).toHaveLength(1);
    const handed = takeEarlyManifest('http://mem.test/app/mf-manifest.json');
    await expect(handed).resolves.toMatchObject({ ok: true });
    expect(takeEarlyManifest('http://mem.test/app/mf-manifest.json')).toBeUndefined(); // only once
  });

  it("on the visitor page, also starts its two API reads (CORS, like the page's own requests)", async () => {
    const { preloadFirstPage } = loadPreloader();
    await preloadFirstPage('/profile', '?userId=u_1');
    expect(preloads()).toEqual([
      'fetch http://api.test/api/public/publicProfile?user_id=u_1 cors',
      'fetch http://api.test/api/public/userliks?user_id=u_1 cors',
      'script http://pub.test/remoteEntry.js',
    ]);
  });

  it('on the admin dashboard, starts its first page with the token and keeps the answer for the kernel (issues 12, 26)', async () => {
    localStorage.setItem(TOKEN_KEY, 'admin-token');
    const page = { users: [], total: 3, page: 2, pageSize: 50 };
    fetchMock.mockImplementation(async (url: string) =>
      url === '/config.json' ? json(CONFIG) : url.startsWith('http://api.test') ? json(page) : json(MANIFEST),
    );
    const { preloadFirstPage, takeEarlyReads } = loadPreloader();
    await preloadFirstPage('/admin_dashboard', '?q=ada&page=2');
    const url = 'http://api.test/api/admin/allusers?page=2&pageSize=50&q=ada';
    expect(fetchMock).toHaveBeenCalledWith(url, {
      mode: 'cors',
      credentials: 'same-origin',
      headers: { Authorization: 'Bearer admin-token' },
    });
    const [read] = takeEarlyReads();
    expect(read).toMatchObject({ url, token: 'admin-token' });
    await expect((await read.answer)?.json()).resolves.toEqual(page);
    expect(takeEarlyReads()).toEqual([]); // handed over once
  });

  it('a refused early read is kept as null (the page asks again and handles the error)', async () => {
    localStorage.setItem(TOKEN_KEY, 'member-token');
    fetchMock.mockImplementation(async (url: string) =>
      url === '/config.json' ? json(CONFIG) : url.startsWith('http://api.test') ? json({}, false) : json(MANIFEST),
    );
    const { preloadFirstPage, takeEarlyReads } = loadPreloader();
    await preloadFirstPage('/admin_dashboard');
    const [read] = takeEarlyReads();
    expect(read.url).toBe('http://api.test/api/admin/allusers?page=1&pageSize=50');
    await expect(read.answer).resolves.toBeNull();
  });

  it('a guarded page without a token preloads the login page instead', async () => {
    const { preloadFirstPage } = loadPreloader();
    await preloadFirstPage('/user');
    expect(fetchMock).toHaveBeenCalledWith('http://pub.test/mf-manifest.json', {});
    await preloadFirstPage('/admin_dashboard');
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('http://api.test'))).toBe(false); // no token, no admin read
    expect(fetchMock).not.toHaveBeenCalledWith('http://mem.test/app/mf-manifest.json', {});
  });

  it('a remote that is down leaves nothing preloaded and no manifest to hand over', async () => {
    fetchMock.mockImplementation(async (url: string) => (url === '/config.json' ? json(CONFIG) : json({}, false)));
    const { preloadFirstPage, takeEarlyManifest } = loadPreloader();
    await preloadFirstPage('/profile');
    expect(preloads()).toEqual([]);
    await expect(takeEarlyManifest('http://pub.test/mf-manifest.json')).resolves.toBeUndefined();
  });
});
