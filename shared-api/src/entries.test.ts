/**
 * The stateless entries (/paths, /rules) must stay safe for the shell's start-up preloader (which
 * may load no shared module), the remotes and the server: nothing they reach may import axios,
 * the token store, React or TypeBox. Follows the source's imports, so a new one is caught here.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

function reach(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const [, spec] of source.matchAll(/(?:import|export)[^'"]*?from\s*'([^']+)'/g)) {
    if (!spec.startsWith('.')) {
      seen.add(spec);
      continue;
    }
    const base = resolve(dirname(entry), spec);
    const file = [`${base}.ts`, join(base, 'index.ts')].find((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    });
    if (!file) throw new Error(`cannot resolve ${spec} from ${entry}`);
    reach(file, seen);
  }
  return seen;
}

it.each(['paths', 'rules'])('@rotalink/shared-api/%s reaches no package and no stateful module', (name) => {
  const reached = [...reach(join(__dirname, name, 'index.ts'))].map((f) => f.replace(`${__dirname}/`, ''));
  expect(reached.filter((f) => !f.endsWith('.ts'))).toEqual([]); // no package at all: axios, react, typebox…
  expect(reached.filter((f) => /http|token-store|react\//.test(f))).toEqual([]);
  expect(reached).toContain(`${name}/index.ts`);
});
