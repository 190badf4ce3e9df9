// The webpack + Module Federation settings every front end shares (DESIGN §8-§9).
// Each app calls createConfig() from its own webpack.config.js and builds on its own into dist/;
// nothing here names another app's build or address.
const path = require('node:path');
const crypto = require('node:crypto');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedModules } = require('./shared');
const { KernelManifestPlugin } = require('./kernel-manifest');

/**
 * @param {object} options
 * @param {string} options.dirname      the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name         container name: shell, mf_public, mf_member, mf_admin
 * @param {number} options.port         dev-server port
 * @param {Record<string,string>} [options.exposes]  remote modules ('./Login': './src/...')
 * @param {string} [options.title]      <title> of the app's own index.html
 * @param {boolean} [options.sharedCss] a remote whose pages share one stylesheet: emit the CSS
 *                                      used by two or more pages once, as its own chunk
 */
function createConfig({ dirname, name, port, exposes, title = 'Rotalink', sharedCss = false }) {
  return (env = {}, argv = {}) => {
    const production = argv.mode === 'production';
    // `--env quick` (the e2e skew matrix, issue 26): the same production code without source maps
    // or precompressed .gz/.br copies, with webpack's filesystem cache in `--env cache=<dir>`, so
    // a browser test's throwaway builds stay short on a 2-core runner (the static server then
    // sends those files uncompressed). Never for a deploy.
    const quick = Boolean(env.quick);
    const pkg = require(path.join(dirname, 'package.json'));
    const buildId = process.env.BUILD_ID || `${pkg.version}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
    const isRemote = Boolean(exposes);
    return {
      context: dirname,
      entry: { main: './src/index.ts' },
      mode: production ? 'production' : 'development',
      devtool: quick ? false : production ? 'source-map' : 'eval-cheap-module-source-map',
      ...(quick && env.cache ? { cache: { type: 'filesystem', cacheDirectory: path.resolve(env.cache), name: name } } : {}),
      output: {
        path: path.join(dirname, 'dist'),
        // 'auto' lets a remote find its chunks wherever it is deployed (DESIGN §9).
        publicPath: 'auto',
        // The entry stays unhashed (the federation runtime cannot template a contenthash into it);
        // it is a small bootstrap served with no-cache, while every chunk behind it is hashed.
        filename: 'static/js/[name].js',
        chunkFilename: 'static/js/[name].[contenthash].chunk.js',
        assetModuleFilename: 'static/media/[name].[contenthash][ext]',
        crossOriginLoading: 'anonymous',
        chunkLoadTimeout: 120000, // spec §9
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            // Type errors are caught by `npm run typecheck`; the build only transpiles, for speed.
            use: {
              loader: require.resolve('ts-loader'),
              options: { transpileOnly: true, configFile: path.join(dirname, 'tsconfig.json') },
            },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          'process.env.BUILD_ID': JSON.stringify(buildId),
          'process.env.APP_NAME': JSON.stringify(name),
        }),
        new MiniCssExtractPlugin({
          filename: 'static/css/[name].[contenthash].css',
          chunkFilename: 'static/css/[name].[contenthash].chunk.css',
        }),
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
          // A production remote takes the session kernel from the shell only (issue 26).
          shared: sharedModules(pkg, { kernelFromHost: isRemote && production }),
          // The shell registers remotes at runtime from config.json; types are never downloaded.
          dts: false,
          manifest: { fileName: 'mf-manifest.json' },
          ...federationRuntimeSharing(isRemote, production),
        }),
        // Issue 26: the kernel names this build imports (a remote) or serves (the shell), in mf-manifest.json.
        new KernelManifestPlugin({ dirname, isRemote, name }),
        new HtmlWebpackPlugin({ template: path.join(__dirname, 'index.html'), title, chunks: ['main'] }),
        ...(production && !quick
          ? [
              new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: /\.(js|css|html|json|svg)$/, threshold: 512 }),
              new CompressionPlugin({
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                test: /\.(js|css|html|json|svg)$/,
                threshold: 512,
              }),
            ]
          : []),
      ],
      optimization: {
        runtimeChunk: false,
        // A remote's pages are its exposed modules; the standalone harness (src/bootstrap) imports
        // them all too, and webpack's `default` group then moves a page's modules into a separate
        // chunk shared with the harness once they pass 20 KB — one more request on every page
        // load in the composed site, for a harness used only in development. One chunk per page.
        ...(isRemote ? { splitChunks: { cacheGroups: { default: false, ...QUERY_GROUP, ...(sharedCss ? SHARED_CSS_GROUP : {}) } } } : {}),
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: { directory: path.join(dirname, 'public') },
      },
    };
  };
}

/**
 * mini-css-extract otherwise copies a stylesheet imported by several exposed pages into every
 * page's CSS file (same bytes, another name), so each page visited downloads it again. With this
 * group the shared part is one file the browser caches once; the price is one more CSS request on
 * the first page. Opt-in: mf-public leaves it off, since its visitor page is a first load.
 */
const SHARED_CSS_GROUP = {
  sharedCss: {
    type: 'css/mini-extract',
    // Only the exposed pages count (the standalone harness imports every page and keeps its own copy).
    chunks: (chunk) => Boolean(chunk.name && chunk.name.startsWith('__federation_expose_')),
    minChunks: 2,
    minSize: 0,
    priority: 20,
    reuseExistingChunk: true,
    name: 'shared-css',
  },
};

/**
 * Issue 26: TanStack Query is bundled into each remote (decision 0092). With one chunk per page
 * (above) webpack would copy it into every page that reads data; this group puts it in one chunk
 * the browser fetches once for the remote, when two or more of its exposed pages use it. (A remote
 * with one such page, mf-public's visitor page, gets it from webpack's default vendors group: one
 * chunk beside the page, fetched in parallel with it.)
 */
const QUERY_GROUP = {
  tanstackQuery: {
    test: /[\\/]node_modules[\\/]@tanstack[\\/]/,
    chunks: (chunk) => Boolean(chunk.name && chunk.name.startsWith('__federation_expose_')),
    minChunks: 2,
    minSize: 0,
    priority: 30,
    reuseExistingChunk: true,
    name: 'tanstack-query',
  },
};

/**
 * One federation runtime per page (issue 7, build-config/README.md): the host bundles
 * @module-federation/runtime-core and publishes it on globalThis._FEDERATION_RUNTIME_CORE before
 * its first init() (runtime/provide-runtime-core.js, in place of `provideExternalRuntime`, which
 * bundles a second copy); a production remote takes it from there instead of shipping its own.
 * The host provides it in every mode; a remote leaves its copy out only in production, so
 * `npm run dev -w <remote>` (the standalone harness) keeps a runtime of its own.
 * Host and remotes must therefore use the same @module-federation/enhanced version (2.9.x here):
 * a remote's bundler runtime calls the host's runtime-core.
 */
function federationRuntimeSharing(isRemote, production) {
  if (!isRemote) return { runtimePlugins: [path.join(__dirname, 'runtime', 'provide-runtime-core.js')] };
  return production ? { experiments: { externalRuntime: true } } : {};
}

module.exports = { createConfig };
