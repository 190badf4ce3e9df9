// Issue 26: what each build says about the session kernel, written into its own mf-manifest.json
// (field `rotalinkKernel`), so that apps deployed apart can tell whether they fit:
// - the shell (host): the kernel version it serves and that version's exported names
//   (the kernel's exports.json), e.g. { version: '1.1.0', exports: ['send', 'tokenStore', …] };
// - a remote: the kernel version it was built with, its package.json range, and the kernel names
//   its shipped code imports, e.g. { built: '1.1.0', range: '^1.1.0', imports: ['send', 'tokenStore'] }.
// The shell compares a remote's `imports` with its own kernel at run time (shell/src/federation/
// kernel-fit.ts); `scripts/check-kernel.mjs` compares them with a deployed shell before a deploy.
const path = require('node:path');
const { KERNEL } = require('./shared');

const PLUGIN = 'RotalinkKernelManifest';
const MANIFEST = 'mf-manifest.json';

/** The kernel package this app resolves: its version and exported-names manifest. */
function kernelPackage(dirname) {
  const file = require.resolve(`${KERNEL}/exports.json`, { paths: [dirname] });
  const manifest = require(file);
  return { dir: path.dirname(file), version: manifest.version, exports: Object.keys(manifest.exports).sort() };
}

/** Is this module the kernel (the shared module a remote consumes, or the package itself)? */
function isKernel(module, kernelDir) {
  if (!module) return false;
  if (module.options && module.options.shareKey === KERNEL) return true; // consume-shared module
  const resource = module.resource || (module.rootModule && module.rootModule.resource);
  return typeof resource === 'string' && resource.startsWith(kernelDir + path.sep);
}

/**
 * The chunks a host can load: the container entry's (remoteEntry.js) and every chunk behind it —
 * not the standalone harness's (`main`), whose bootstrap configures the kernel as a shell would.
 * Null when there is no container (a host, or a test build without one): then every chunk.
 */
function containerChunks(compilation, containerName) {
  const entry = containerName && compilation.entrypoints.get(containerName);
  if (!entry) return null;
  const chunks = new Set();
  const seen = new Set();
  const visit = (group) => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const chunk of group.chunks) chunks.add(chunk);
    for (const child of group.getChildren()) visit(child);
  };
  visit(entry);
  return chunks;
}

/** Every module that ends up in those chunks, looking into concatenated ones. */
function* shippedModules(compilation, containerName) {
  const chunks = containerChunks(compilation, containerName);
  const seen = new Set();
  for (const chunk of chunks ?? compilation.chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      if (seen.has(module)) continue;
      seen.add(module);
      yield module;
      if (module.modules) yield* module.modules; // ConcatenatedModule: its inner modules keep their dependencies
    }
  }
}

/**
 * The kernel names the shipped code imports: every import specifier whose target is the kernel
 * (after webpack has redirected re-exports to their origin), and every re-export of a kernel name
 * that something uses. A namespace used as a whole counts as '*'.
 */
function importedKernelNames(compilation, kernelDir, containerName) {
  const { moduleGraph } = compilation;
  const names = new Set();
  for (const module of shippedModules(compilation, containerName)) {
    if (isKernel(module, kernelDir)) continue;
    for (const dep of module.dependencies) {
      if (typeof dep.getIds !== 'function' || !isKernel(moduleGraph.getModule(dep), kernelDir)) continue;
      const ids = dep.getIds(moduleGraph);
      const reexport = dep.constructor.name === 'HarmonyExportImportedSpecifierDependency';
      if (reexport && dep.name && moduleGraph.getExportsInfo(module).getUsed(dep.name, undefined) === 0) continue; // UsageState.Unused
      names.add(ids.length ? ids[0] : '*');
    }
  }
  return [...names].sort();
}

class KernelManifestPlugin {
  /** @param {{ dirname: string, isRemote: boolean, name: string }} options  name: the container's */
  constructor({ dirname, isRemote, name }) {
    this.dirname = dirname;
    this.isRemote = isRemote;
    this.name = name;
  }

  apply(compiler) {
    const pkg = require(path.join(this.dirname, 'package.json'));
    if (!(pkg.dependencies || {})[KERNEL]) return;
    const kernel = kernelPackage(this.dirname);
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      // Same stage as the federation plugin's manifest (it registered first, so it runs first) and
      // before the compression plugin (registered after this one), so the .gz/.br copies match.
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          const asset = compilation.getAsset(MANIFEST);
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString());
          manifest.rotalinkKernel = this.isRemote
            ? { built: kernel.version, range: pkg.dependencies[KERNEL], imports: importedKernelNames(compilation, kernel.dir, this.name) }
            : { version: kernel.version, exports: kernel.exports };
          compilation.updateAsset(MANIFEST, new RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

module.exports = { KernelManifestPlugin, importedKernelNames, kernelPackage };
