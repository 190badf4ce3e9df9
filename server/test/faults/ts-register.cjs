// Lets a child `node -r ./ts-register.cjs src/server.ts` run the API from its TypeScript sources,
// so a kill test runs the code under test, not a dist/ that may be stale or missing. Each file is
// transpiled on require with the TypeScript compiler the repository already has (isolatedModules
// holds, so one file at a time is safe); ts-node/tsx would be a new dependency for this one use.
'use strict';
const { readFileSync } = require('node:fs');
const ts = require('typescript');

require.extensions['.ts'] = function compileTs(module, filename) {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      inlineSourceMap: true,
    },
  });
  module._compile(outputText, filename);
};
