// Federation runtime plugin for the host (the shell): publishes the host's own
// @module-federation/runtime-core on globalThis._FEDERATION_RUNTIME_CORE before the first init(),
// where production remotes built with `experiments.externalRuntime` take it instead of bundling
// their own copy (issue 7; build-config/README.md "One federation runtime").
//
// The same job as `experiments.provideExternalRuntime`, whose plugin is loaded through its CommonJS
// build and so drags a second, CommonJS copy of runtime-core and sdk into main.js (+10 KB brotli —
// more than the remote saves). Importing runtime-core by its package name here lets webpack reuse
// the ES module copy the host's runtime already contains.
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideRuntimeCore() {
  return {
    name: 'rotalink-provide-runtime-core',
    beforeInit(args) {
      const global = runtimeCore.Global;
      if (global && typeof global === 'object' && !global._FEDERATION_RUNTIME_CORE) {
        global._FEDERATION_RUNTIME_CORE = runtimeCore;
        global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name };
      }
      return args;
    },
  };
}
