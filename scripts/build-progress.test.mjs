// node --test scripts/   — the quiet build output of `npm start` (scripts/build-progress.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBuildReporter, displayPath, formatDuration } from './build-progress.mjs';

/** A stand-in for `npm run build -w …`: a webpack-sized stream of lines, then an exit code. */
const fakeBuild = (lines, { code = 0, errorLine } = {}) => [
  '-e',
  `for (let i = 1; i <= ${lines}; i++) console.log('asset static/js/' + i + '.chunk.js 12 KiB [emitted]');` +
    (errorLine ? `console.error(${JSON.stringify(errorLine)});` : '') +
    `process.exitCode = ${code};`,
];

function reporter(options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rl-build-log-'));
  const printed = [];
  const statuses = [];
  const logFile = join(dir, 'data', 'build.log');
  const builds = createBuildReporter({
    logFile,
    print: (line) => printed.push(line),
    cwd: dir,
    ...options,
    ...(options.tty ? { status: (line) => statuses.push(line) } : {}),
  });
  return { builds, printed, statuses, logFile };
}

test('a successful build prints one line with its name, its time and where the output went', async () => {
  const { builds, printed, logFile } = reporter();
  const { ok } = await builds.run('mf-public', process.execPath, fakeBuild(186));
  await builds.close();

  assert.equal(ok, true);
  assert.equal(printed.length, 1, printed.join('\n'));
  assert.match(printed[0], /^\[start\] mf-public built in \d+\.\d s \(output: data\/build\.log\)$/);
  // The full output is kept in the log, where the line says.
  const log = readFileSync(logFile, 'utf8');
  assert.equal(log.match(/^asset /gm).length, 186);
  assert.match(log, /=== mf-public: .* \(\d{4}-/);
  assert.match(log, /=== mf-public: built in \d+\.\d s/);
});

test('several parts: one line each, all of their output in the one log', async () => {
  const { builds, printed, logFile } = reporter();
  for (const part of ['shared-api', 'server', 'shell']) await builds.run(part, process.execPath, fakeBuild(20));
  await builds.close();
  assert.deepEqual(
    printed.map((line) => line.replace(/ built in .*/, '')),
    ['[start] shared-api', '[start] server', '[start] shell'],
  );
  assert.equal(readFileSync(logFile, 'utf8').match(/^asset /gm).length, 60);
});

test('a failed build shows its whole output, the error included, and says it failed', async () => {
  const { builds, printed, logFile } = reporter();
  const error = "ERROR in ./src/bootstrap.tsx 3:0 Module not found: Error: Can't resolve './app'";
  const { ok } = await builds.run('mf-member', process.execPath, fakeBuild(5, { code: 1, errorLine: error }));
  await builds.close();

  assert.equal(ok, false);
  assert.ok(printed.includes(`[build mf-member] ${error}`), printed.join('\n'));
  assert.equal(printed.filter((line) => line.startsWith('[build mf-member]')).length, 6);
  assert.match(printed.at(-1), /^\[start\] mf-member build FAILED after \d+\.\d s \(output above, also in data\/build\.log\)$/);
  assert.match(readFileSync(logFile, 'utf8'), /Can't resolve '\.\/app'/);
});

test('a command that cannot start is a failure with its reason, not a crash', async () => {
  const { builds, printed } = reporter();
  const { ok } = await builds.run('shell', join(tmpdir(), 'no-such-command-rl'), []);
  await builds.close();
  assert.equal(ok, false);
  assert.match(printed.join('\n'), /ENOENT/);
  assert.match(printed.at(-1), /shell build FAILED/);
});

test('--verbose streams every line behind its prefix, and still ends with the timing line', async () => {
  const { builds, printed } = reporter({ verbose: true });
  await builds.run('mf-admin', process.execPath, fakeBuild(30));
  await builds.close();
  assert.equal(printed.length, 31);
  assert.ok(printed.slice(0, 30).every((line) => line.startsWith('[build mf-admin] asset static/js/')));
  assert.match(printed[30], /^\[start\] mf-admin built in/);
});

test('in a terminal, "building …" shows while it runs and is cleared before the finished line', async () => {
  const { builds, printed, statuses } = reporter({ tty: true });
  await builds.run('server', process.execPath, fakeBuild(3));
  await builds.close();
  assert.deepEqual(statuses, ['[start] building server …', '']);
  assert.equal(printed.length, 1);
});

test('durations and paths read as a person would write them', () => {
  assert.equal(formatDuration(4_120), '4.1 s');
  assert.equal(formatDuration(112_400), '1 min 52 s');
  assert.equal(displayPath('/repo/data/build.log', '/repo'), 'data/build.log');
  assert.equal(displayPath('/tmp/x/build.log', '/repo'), '/tmp/x/build.log');
});
