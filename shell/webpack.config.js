// shell: the Module Federation host (DESIGN §2). No exposes and NO build-time remotes: they are
// registered at runtime from config.json, so a remote's address or deployment never needs a
// shell rebuild (DESIGN §9).
const fs = require('node:fs');
const path = require('node:path');
const { createConfig } = require('@rotalink/build-config');

/** react-toastify's own chunk: not preloaded, not in the vendor chunk (decision 0092). */
const TOASTS_CHUNK = 'toasts';

const base = createConfig({ dirname: __dirname, name: 'shell', port: 3000, title: 'Rotalink' });

/** Emits public/* (config.json with the dev defaults) beside index.html, so dist/ deploys as is. */
class CopyPublicPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const dir = path.join(__dirname, 'public');
          for (const file of fs.readdirSync(dir)) {
            compilation.emitAsset(file, new RawSource(fs.readFileSync(path.join(dir, file))));
          }
        },
      );
    });
  }
}

/**
 * Start-up hints in index.html, so the browser starts every file the first render needs while it
 * parses the HTML instead of discovering them one step at a time:
 * - <link rel="preload" href="/config.json" as="fetch" crossorigin> (read by src/config);
 * - <link rel="preload"> for the shell's own async chunks (vendor, shared-api, the app and its
 *   CSS): without it they start only after main.js has downloaded and run. Same-origin chunks are
 *   loaded without a crossorigin attribute, so the preloads carry none either.
 */
class StartupHintsPlugin {
  apply(compiler) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    compiler.hooks.compilation.tap('StartupHintsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupHintsPlugin', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const hints = [
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: '/config.json', as: 'fetch', crossorigin: 'anonymous' }),
        ];
        for (const chunk of compilation.chunks) {
          if (chunk.name === 'main') continue; // already a <script> tag
          if (chunk.name === TOASTS_CHUNK) continue; // only once a page toasts (decision 0092)
          for (const file of chunk.files) {
            const as = file.endsWith('.js') ? 'script' : file.endsWith('.css') ? 'style' : null;
            if (as) hints.push(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: publicPath + file, as }));
          }
        }
        data.headTags.unshift(...hints);
        // A deferred script is fetched at low priority, below the preloads above; main.js runs the
        // start-up preloader, whose manifest request should not queue behind the vendor bytes.
        for (const tag of data.headTags) {
          if (tag.tagName === 'script' && String(tag.attributes.src).endsWith('/main.js')) tag.attributes.fetchpriority = 'high';
        }
        return data;
      });
    });
  }
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  // The shell is the site itself, served from the origin's root: absolute asset URLs keep deep
  // links (/editsubprofile?userId=…, or an unknown /a/b that redirects to /) loading the same files.
  config.output.publicPath = '/';
  config.plugins.push(new CopyPublicPlugin(), new StartupHintsPlugin());
  // src/early/start-early-preload.ts runs first, beside the async boundary of src/index.ts: it starts
  // the first page's remote files while the shared libraries download (it imports no shared
  // module, so nothing becomes eager).
  config.entry = { main: ['./src/early/start-early-preload.ts', './src/index.ts'] };
  // The shared libraries the shell provides (react, react-dom, router, the kernel…) are all
  // needed before its first render anyway: one vendor chunk instead of about ten small ones saves
  // a whole second wave of requests on HTTP/1.1 (six connections per origin) on a slow phone.
  config.optimization = {
    ...config.optimization,
    splitChunks: {
      chunks: 'async',
      cacheGroups: {
        vendor: { test: /[\\/]node_modules[\\/](?!react-toastify[\\/])/, name: 'vendor', chunks: 'async', enforce: true, priority: 10 },
        // …except react-toastify: fetched when a page first loads it, not with every page (decision 0092).
        toasts: { test: /[\\/]node_modules[\\/]react-toastify[\\/]/, name: TOASTS_CHUNK, chunks: 'async', enforce: true, priority: 20 },
      },
    },
  };
  return config;
};
