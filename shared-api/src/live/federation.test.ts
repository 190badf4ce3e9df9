/**
 * @jest-environment node
 */
/**
 * What webpack + Module Federation actually do with the /live entry (decision 0071): a remote
 * page that imports it is built here with the suite's real shared settings (build-config/shared.js),
 * and the chunks are read back. The live calls must land in the page's own chunk, reach the
 * client through the shared singleton (a consume-shared module, resolved at run time to the
 * shell's one instance), and bring no copy of the token store or http.ts with them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack, { type Compilation } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const { sharedModules } = require('@rotalink/build-config/shared') as {
  sharedModules: (pkg: { dependencies: Record<string, string> }) => Record<string, { singleton: boolean; requiredVersion: string }>;
};

const src = join(__dirname, '..');
let dir: string;
/** Each chunk's modules: their file (or webpack's name) and type. */
let chunks: Array<{ id: string; modules: Array<{ name: string; type: string; share?: { shareKey?: string; singleton?: boolean } }> }>;
let errors: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'live-federation-'));
  // A remote's shape: an async boundary, then a page that uses one live call and the main entry.
  writeFileSync(join(dir, 'index.js'), "import('./page');\n");
  writeFileSync(
    join(dir, 'page.js'),
    "import { getStatsProfiles } from '@rotalink/shared-api/live';\nimport { tokenStore } from '@rotalink/shared-api';\nexport default () => tokenStore.getToken() && getStatsProfiles({ from: 'a', to: 'b' });\n",
  );
  const compiler = webpack({
    context: dir,
    mode: 'production',
    entry: './index.js',
    output: { path: join(dir, 'dist'), publicPath: 'auto', uniqueName: 'probe' },
    resolve: {
      extensions: ['.ts', '.js'],
      // The package's source, as jest and the bundlers see it after a build.
      alias: { '@rotalink/shared-api$': join(src, 'index.ts'), '@rotalink/shared-api/live$': join(src, 'live', 'index.ts') },
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
    optimization: { minimize: false, concatenateModules: false },
    plugins: [
      new ModuleFederationPlugin({
        name: 'probe',
        filename: 'remoteEntry.js',
        exposes: { './Page': './page.js' },
        shared: sharedModules({ dependencies: { '@rotalink/shared-api': '1.0.0' } }),
        dts: false,
        manifest: false,
      }),
    ],
  });
  const compilation = await new Promise<Compilation>((done, fail) =>
    compiler.run((err, result) => (err || !result ? fail(err) : done(result.compilation))),
  );
  errors = compilation.errors.map((e) => e.message);
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
const modulesOf = (id: string) => chunks.find((c) => c.id === id)?.modules ?? [];

it('builds', () => expect(errors).toEqual([]));

it("puts the live calls in the page's chunk, without the token store or http.ts", () => {
  const [page] = chunksOf('/page.js');
  expect(chunksOf('/src/live/totals-calls.ts')).toEqual([page]);
  expect(chunksOf('/src/live/conditional.ts')).toEqual([page]);
  for (const client of ['/src/token-store.ts', '/src/http.ts']) {
    // One copy: the fallback of the shared singleton, which the page never runs when the shell provides it.
    expect(chunksOf(client)).toHaveLength(1);
    expect(chunksOf(client)).not.toContain(page);
  }
});

it('reaches the client through the shared singleton, not a copy of its own', () => {
  const [page] = chunksOf('/page.js');
  const consumed = modulesOf(page).find((m) => m.type === 'consume-shared-module');
  expect(consumed?.share).toMatchObject({ shareKey: '@rotalink/shared-api', singleton: true });
  // The page's chunk holds the live calls and nothing else of shared-api: the client is the singleton's.
  const own = modulesOf(page)
    .map((m) => m.name)
    .filter((name) => name.includes('/shared-api/src/') && !name.startsWith('consume-shared-module'))
    .map((name) => name.slice(name.indexOf('/shared-api/src/') + 16))
    .sort();
  expect(own).toEqual(['live/conditional.ts', 'live/query.ts', 'live/totals-calls.ts', 'paths/stats.ts']);
});
