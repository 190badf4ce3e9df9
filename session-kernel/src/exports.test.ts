/**
 * The exported-names manifest (exports.json) is the kernel's contract with remotes that were built
 * against another version of it (issue 26). It must list exactly the runtime names the kernel
 * exports, each with the version that added it; its version is the package's and KERNEL_VERSION;
 * a removed name is only allowed in a major above the one that still had it (README.md).
 */
import * as kernel from './index';
const manifest = require('../exports.json') as { version: string; exports: Record<string, string>; removed: Record<string, string> };
const pkg = require('../package.json') as { version: string };

const parse = (v: string) => v.split('.').map(Number) as [number, number, number];
const compare = (a: string, b: string) => {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

it('lists exactly the names the kernel exports', () => {
  expect(Object.keys(kernel).sort()).toEqual(Object.keys(manifest.exports).sort());
});

it('is the version of the package and of KERNEL_VERSION', () => {
  expect(manifest.version).toBe(pkg.version);
  expect(kernel.KERNEL_VERSION).toBe(pkg.version);
});

it('gives each name the version that added it, never a later one than this', () => {
  for (const [name, since] of Object.entries(manifest.exports)) {
    expect([name, compare(since, manifest.version) <= 0]).toEqual([name, true]);
  }
});

it('removes a name only in a later major (expand, then contract)', () => {
  for (const [name, lastHadIn] of Object.entries(manifest.removed)) {
    expect([name, parse(manifest.version)[0] > parse(lastHadIn)[0]]).toEqual([name, true]);
    expect(Object.keys(manifest.exports)).not.toContain(name);
  }
});
