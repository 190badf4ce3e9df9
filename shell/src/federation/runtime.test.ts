import { init, loadRemote, registerGlobalPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadPage, startFederation } from './runtime';
import { putEarlyManifest } from './early-manifests';
import { KernelSkewError, kernelSkewOf } from './kernel-fit';
import { KERNEL_VERSION } from '@rotalink/session-kernel';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerGlobalPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

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

it("watches, for every instance (the remotes' too), whether a page loads react-toastify (decision 0092)", () => {
  startFederation({});
  const order = (fn: unknown) => (fn as jest.Mock).mock.invocationCallOrder[0];
  expect(registerGlobalPlugins).toHaveBeenCalledWith([expect.objectContaining({ name: 'rotalink-toasts-wanted' })]);
  expect(order(registerGlobalPlugins)).toBeLessThan(order(registerRemotes)); // before any remote's instance exists
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
  startFederation({ mf_public: 'http://p/mf-manifest.json' });
  const plugin = mockedInit.mock.calls[0][0].plugins![0];
  const early = new Response('{"name":"mf_public"}');
  putEarlyManifest('http://p/mf-manifest.json', Promise.resolve(early));
  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"name":"again"}'));
  await expect(plugin.fetch!('http://p/mf-manifest.json', {})).resolves.toBe(early);
  expect(fetchSpy).not.toHaveBeenCalled();
  await expect(plugin.fetch!('http://p/mf-manifest.json', {})).resolves.toMatchObject({ ok: true }); // a retry fetches afresh
  expect(fetchSpy).toHaveBeenCalledWith('http://p/mf-manifest.json', {});
  expect(plugin.fetch!('http://other/mf-manifest.json', {})).toBeUndefined(); // not a remote of config.json
});

describe('a remote built for another session kernel (issue 26)', () => {
  const manifest = (imports: string[]) =>
    new Response(JSON.stringify({ name: 'mf_member', rotalinkKernel: { built: '1.1.0', range: '^1.1.0', imports } }));

  it('that imports only names this kernel has loads as usual', async () => {
    startFederation({ mf_member: 'http://m/mf-manifest.json' });
    const plugin = mockedInit.mock.calls[0][0].plugins![0];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => manifest(['send', 'tokenStore']));
    await expect(plugin.fetch!('http://m/mf-manifest.json', {})).resolves.toMatchObject({ ok: true });
    const Page = () => null;
    mockedLoad.mockResolvedValue({ default: Page });
    await expect(loadPage('mf_member/Dashboard')).resolves.toBe(Page);
  });

  it('that imports a name this kernel lacks is refused before its code runs, with both versions logged', async () => {
    startFederation({ mf_member: 'http://m/mf-manifest.json' });
    const plugin = mockedInit.mock.calls[0][0].plugins![0];
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => manifest(['send', 'queueLine', 'tokenStore']));
    mockedLoad.mockImplementation(async () => {
      await plugin.fetch!('http://m/mf-manifest.json', {}); // the runtime fetches the manifest first…
      throw new Error('[ Federation Runtime ]: RUNTIME-003 failed to get manifest'); // …and wraps the refusal
    });
    const refused = loadPage('mf_member/Dashboard');
    await expect(refused).rejects.toBeInstanceOf(KernelSkewError);
    await expect(refused).rejects.toMatchObject({ remote: 'mf_member', missing: ['queueLine'], loaded: KERNEL_VERSION });
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining(
        `mf_member was built with session kernel 1.1.0 (^1.1.0) and imports queueLine, which kernel ${KERNEL_VERSION}`,
      ),
    );
    // Redeployed (or the shell updated): the next visit re-registers the remote and checks again.
    mockedRegister.mockClear();
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => manifest(['send']));
    await expect(loadPage('mf_member/Dashboard')).rejects.toThrow('RUNTIME-003'); // the module itself is still mocked to fail
    expect(mockedRegister).toHaveBeenCalledWith([{ name: 'mf_member', entry: 'http://m/mf-manifest.json' }], { force: true });
    expect(kernelSkewOf('mf_member')).toBeUndefined();
  });
});
