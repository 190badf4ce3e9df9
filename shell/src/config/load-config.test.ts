import { ConfigError, customHostOf, loadConfig, parseConfig } from './load-config';

const good = {
  apiBase: 'http://localhost:4000',
  remotes: {
    mf_public: 'http://localhost:3001/mf-manifest.json',
    mf_member: 'http://localhost:3002/mf-manifest.json',
    mf_admin: 'https://admin.example.com/mf-manifest.json',
  },
};

describe('parseConfig', () => {
  it('accepts the documented shape', () => {
    expect(parseConfig(good)).toEqual(good);
  });

  it('keeps only the known remotes, and allows one to be missing', () => {
    const parsed = parseConfig({ apiBase: '/api', remotes: { mf_public: '/public/mf-manifest.json', other: 'x' } });
    expect(parsed.remotes).toEqual({ mf_public: '/public/mf-manifest.json' });
  });

  it.each([
    [null, 'config.json is not a JSON object'],
    [{ remotes: {} }, '"apiBase" must be the API address'],
    [{ apiBase: 'http://x', remotes: 'nope' }, '"remotes" must map remote names'],
    [{ apiBase: 'http://x', remotes: { mf_member: 42 } }, '"remotes.mf_member" must be a URL'],
  ])('refuses %j with a clear message', (raw, text) => {
    expect(() => parseConfig(raw)).toThrow(ConfigError);
    expect(() => parseConfig(raw)).toThrow(text);
  });
});

describe('loadConfig', () => {
  const originalFetch = global.fetch;
  afterEach(() => {
    global.fetch = originalFetch;
  });

  it('fetches /config.json the way index.html preloads it', async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => good });
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(loadConfig()).resolves.toEqual(good);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', { credentials: 'same-origin' });
  });

  it('says when the file is missing', async () => {
    global.fetch = jest.fn().mockResolvedValue({ ok: false, status: 404 }) as unknown as typeof fetch;
    await expect(loadConfig()).rejects.toThrow('config.json could not be fetched (HTTP 404)');
  });

  it('says when the file is not JSON', async () => {
    global.fetch = jest
      .fn()
      .mockResolvedValue({ ok: true, status: 200, json: async () => JSON.parse('<html>') }) as unknown as typeof fetch;
    await expect(loadConfig()).rejects.toThrow('config.json is not valid JSON');
  });

  it('says when the network fails', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as unknown as typeof fetch;
    await expect(loadConfig()).rejects.toThrow('config.json could not be fetched (network error)');
  });
});

describe('siteHosts and custom hosts (issue 32)', () => {
  const base = { apiBase: 'https://api.example.com', remotes: {} };
  it('a page on a host not listed is a custom domain; without the list every host is the site', () => {
    const config = parseConfig({ ...base, siteHosts: ['rotalink.com', 'localhost:3000'] });
    expect(customHostOf(config, 'Go.Example.com')).toBe('go.example.com');
    expect(customHostOf(config, 'ROTALINK.com')).toBeNull();
    expect(customHostOf(parseConfig(base), 'go.example.com')).toBeNull();
  });
  it('refuses a siteHosts that is not a list of hosts', () => {
    expect(() => parseConfig({ ...base, siteHosts: 'rotalink.com' })).toThrow(/siteHosts/);
    expect(() => parseConfig({ ...base, siteHosts: [] })).toThrow(/siteHosts/);
  });
});
