import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadPage, startFederation } from './runtime';
import { putEarlyManifest } from './early-manifests';

jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn(), registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const mockedInit = init as jest.MockedFunction<typeof init>;
const mockedLoad = loadRemote as jest.MockedFunction<typeof loadRemote>;
const mockedRegister = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it("joins the build's federation instance as 'shell' with the loaded-first strategy and registers each remote", () => {
  startFederation({ mf_public: 'https://cdn.example.com/public/mf-manifest.json', mf_admin: '/admin/mf-manifest.json' });
  expect(mockedInit).toHaveBeenCalledWith(expect.objectContaining({ name: 'shell', shareStrategy: 'loaded-first', remotes: [] }));
  expect(mockedRegister).toHaveBeenCalledWith([
    { name: 'mf_public', entry: 'https://cdn.example.com/public/mf-manifest.json' },
    { name: 'mf_admin', entry: '/admin/mf-manifest.json' },
  ]);
});

it('installs an errorLoadRemote plugin that reports the failure and offers no fallback', async () => {
  startFederation({});
  const plugin = mockedInit.mock.calls[0][0].plugins?.[0];
  expect(plugin?.errorLoadRemote).toBeInstanceOf(Function);
  const result = await plugin!.errorLoadRemote!({ id: 'mf_member/Dashboard', lifecycle: 'onLoad', error: new Error('down') } as never);
  expect(result).toBeUndefined(); // nothing replaces the module: the caller shows the Retry panel
  expect(console.error).toHaveBeenCalledWith('Rotalink: could not load mf_member/Dashboard (onLoad)', expect.any(Error));
});

it('after a failure, the next load re-registers the remote first; after a success it does not', async () => {
  startFederation({ mf_member: 'http://m/mf-manifest.json' });
  mockedRegister.mockClear();
  mockedLoad.mockRejectedValueOnce(new Error('down'));
  await expect(loadPage('mf_member/Dashboard')).rejects.toThrow('down');
  expect(mockedRegister).not.toHaveBeenCalled();

  const Page = () => null;
  mockedLoad.mockResolvedValue({ default: Page });
  await expect(loadPage('mf_member/Dashboard')).resolves.toBe(Page);
  expect(mockedRegister).toHaveBeenCalledTimes(1);
  expect(mockedRegister).toHaveBeenCalledWith([{ name: 'mf_member', entry: 'http://m/mf-manifest.json' }], { force: true });

  await loadPage('mf_member/AddLinks');
  expect(mockedRegister).toHaveBeenCalledTimes(1);
});

it("hands the manifest fetched at start-up to the runtime's fetch hook, once", async () => {
  startFederation({});
  const plugin = mockedInit.mock.calls[0][0].plugins![0];
  const early = { ok: true } as Response;
  putEarlyManifest('http://p/mf-manifest.json', Promise.resolve(early));
  await expect(plugin.fetch!('http://p/mf-manifest.json', {})).resolves.toBe(early);
  expect(plugin.fetch!('http://p/mf-manifest.json', {})).toBeUndefined(); // a retry fetches afresh
  expect(plugin.fetch!('http://other/mf-manifest.json', {})).toBeUndefined();
});
