#!/usr/bin/env node
// Issue 26: before a team deploys a remote, check that the shell actually deployed can run it.
// The remote's build names the session-kernel names its code imports (dist/mf-manifest.json,
// `rotalinkKernel.imports`); the deployed shell's manifest names the kernel version it serves and
// that version's exported names (`rotalinkKernel.exports`). Any import the shell's kernel lacks
// fails the check — deploying anyway would show "being updated" on that remote's routes until
// the shell ships a kernel that has it.
//
//   npm run check-kernel -w mf-member -- --shell https://www.example.com/mf-manifest.json
//   node build-config/scripts/check-kernel.mjs --remote mf-member/dist --shell shell/dist/mf-manifest.json
//
// Exit code 0: fits; 1: does not fit (the missing names are printed); 2: a manifest could not be read.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** `--name value` pairs. */
function options(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i].startsWith('--')) out[argv[i].slice(2)] = argv[i + 1];
  }
  return out;
}

/** A manifest from a URL (the deployed shell) or a file. */
export async function readManifest(where) {
  if (/^https?:\/\//.test(where)) {
    const res = await fetch(where, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`${where}: HTTP ${res.status}`);
    return res.json();
  }
  return JSON.parse(await readFile(resolve(where), 'utf8'));
}

/**
 * The verdict for one remote manifest against one shell manifest: `missing` lists the kernel
 * names the remote imports and the shell's kernel lacks.
 */
export function kernelVerdict(remote, shell) {
  const needs = remote.rotalinkKernel;
  const served = shell.rotalinkKernel;
  if (!needs) throw new Error('the remote manifest has no rotalinkKernel field: build it with @rotalink/build-config (issue 26)');
  if (!served) throw new Error('the shell manifest has no rotalinkKernel field: that shell predates the session kernel');
  const have = new Set(served.exports);
  const missing = needs.imports.filter((name) => name !== '*' && !have.has(name));
  return { missing, built: needs.built, range: needs.range, served: served.version, imports: needs.imports };
}

async function main() {
  const args = options(process.argv.slice(2));
  const remoteDist = args.remote ?? 'dist';
  if (!args.shell) {
    console.error('usage: check-kernel.mjs --shell <deployed shell mf-manifest.json URL or file> [--remote <remote dist folder>]');
    process.exit(2);
  }
  let verdict;
  try {
    const [remote, shell] = await Promise.all([readManifest(`${remoteDist}/mf-manifest.json`), readManifest(args.shell)]);
    verdict = { name: remote.name ?? remoteDist, ...kernelVerdict(remote, shell) };
  } catch (error) {
    console.error(`check-kernel: ${error.message}`);
    process.exit(2);
  }
  const { name, missing, built, range, served, imports } = verdict;
  if (missing.length) {
    console.error(
      `check-kernel: ${name} (built with session kernel ${built}, ${range}) imports ${missing.join(', ')}, ` +
        `which the deployed shell's kernel ${served} does not have. Deploy a shell with a kernel that has them first, ` +
        `or keep using the names kernel ${served} has.`,
    );
    process.exit(1);
  }
  console.log(`check-kernel: ${name} fits the deployed shell (kernel ${served}; imports ${imports.join(', ') || 'nothing'}).`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
