/**
 * @jest-environment node
 */
/**
 * What webpack + Module Federation actually do with shared-api in a production remote (issue 26):
 * a page that imports the main entry and /live is built here with the suite's real shared settings
 * (build-config/shared.js) and kernel plugin (build-config/kernel-manifest.js), and the chunks are
 * read back. The calls, ApiError and /live land in the page's own chunk; the session kernel is the
 * one shared module of ours, consumed from the shell with no copy of its own (no second token
 * store can exist); and the manifest names exactly the kernel names the shipped code imports.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack, { type Compilation } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const { sharedModules } = require('@rotalink/build-config/shared') as {
  sharedModules: (
    pkg: { dependencies: Record<string, string> },
    options: { kernelFromHost: boolean },
  ) => Record<string, { singleton: boolean; requiredVersion: string }>;
};
const { importedKernelNames } = require('@rotalink/build-config/kernel-manifest') as {
  importedKernelNames: (compilation: Compilation, kernelDir: string, containerName?: string) => string[];
};

const src = __dirname;
let dir: string;
/** Each chunk's modules: their file (or webpack's name) and type. */
let chunks: Array<{ id: string; modules: Array<{ name: string; type: string; share?: { shareKey?: string; singleton?: boolean } }> }>;
let errors: string[];
let kernelNames: string[];
const kernelSrc = join(src, '..', '..', 'session-kernel', 'src');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'live-federation-'));
  // A remote's shape: an async boundary, then a page that uses one live call and the main entry.
  // The standalone harness (the entry) configures the kernel as a shell would; that must not count.
  writeFileSync(
    join(dir, 'index.js'),
    "import { configureApi } from '@rotalink/shared-api';\nconfigureApi({ baseURL: '/' });\nimport('./page');\n",
  );
  writeFileSync(
    join(dir, 'page.js'),
    "import { getStatsProfiles } from '@rotalink/shared-api/live';\nimport { getProfile, tokenStore } from '@rotalink/shared-api';\nexport default () => tokenStore.getToken() && getProfile() && getStatsProfiles({ from: 'a', to: 'b' });\n",
  );
  const compiler = webpack({
    context: dir,
    mode: 'production',
    entry: './index.js',
    output: { path: join(dir, 'dist'), publicPath: 'auto', uniqueName: 'probe' },
    resolve: {
      extensions: ['.ts', '.js'],
      // The package's source, as jest and the bundlers see it after a build.
      alias: {
        '@rotalink/shared-api$': join(src, 'index.ts'),
        '@rotalink/shared-api/live$': join(src, 'live', 'index.ts'),
        '@rotalink/session-kernel$': join(kernelSrc, 'index.ts'),
      },
    },
    externals: { react: 'React' },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: require.resolve('ts-loader'),
          options: { transpileOnly: true, configFile: join(src, '..', 'tsconfig.json'), compilerOptions: { module: 'ES2020' } },
        },
      ],
    },
    // As in a production build (module concatenation on), so the kernel plugin meets what it meets there.
    optimization: { minimize: false },
    plugins: [
      new ModuleFederationPlugin({
        name: 'probe',
        filename: 'remoteEntry.js',
        exposes: { './Page': './page.js' },
        shared: sharedModules(
          { dependencies: { '@rotalink/shared-api': '1.0.0', '@rotalink/session-kernel': '^1.0.0' } },
          { kernelFromHost: true },
        ),
        dts: false,
        manifest: false,
      }),
    ],
  });
  const compilation = await new Promise<Compilation>((done, fail) =>
    compiler.run((err, result) => (err || !result ? fail(err) : done(result.compilation))),
  );
  errors = compilation.errors.map((e) => e.message);
  kernelNames = importedKernelNames(compilation, join(kernelSrc, '..'), 'probe');
  chunks = [...compilation.chunks].map((chunk) => ({
    id: String(chunk.id),
    modules: compilation.chunkGraph.getChunkModules(chunk).map((m) => ({
      name: (m as { resource?: string }).resource ?? m.identifier(),
      type: m.type,
      share: (m as { options?: { shareKey?: string; singleton?: boolean } }).options, // a consume-shared module's settings
    })),
  }));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The chunks holding a module whose file ends with `path` (consume-shared modules left out). */
const chunksOf = (path: string) =>
  chunks.filter((c) => c.modules.some((m) => m.type !== 'consume-shared-module' && m.name.endsWith(path))).map((c) => c.id);

it('builds', () => expect(errors).toEqual([]));

it("puts the calls, ApiError and the live calls in the page's chunk", () => {
  const [page] = chunksOf('/page.js');
  for (const file of [
    '/shared-api/src/http.ts',
    '/shared-api/src/calls/auth.ts',
    '/shared-api/src/errors/api-error.ts',
    '/src/live/totals-calls.ts',
  ]) {
    expect([file, chunksOf(file)]).toEqual([file, [page]]);
  }
});

it('consumes the session kernel as the one shared module of ours, and ships no copy of it', () => {
  const consumed = chunks.flatMap((c) => c.modules).filter((m) => m.type === 'consume-shared-module');
  expect([...new Set(consumed.map((m) => m.share?.shareKey))]).toEqual(['@rotalink/session-kernel']);
  expect(consumed[0].share).toMatchObject({ singleton: true, import: undefined }); // import: false — no fallback
  for (const file of ['/session-kernel/src/token-store.ts', '/session-kernel/src/transport.ts']) expect(chunksOf(file)).toEqual([]);
});

it('records the kernel names the shipped code imports, and no name it does not use', () => {
  // getProfile → call → send; the page's tokenStore; not the shell's configureTransport or handler.
  expect(kernelNames).toEqual(['send', 'tokenStore']);
});
