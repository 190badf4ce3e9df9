// The builds `npm start` runs, shown as one progress line per part instead of webpack's ~190
// lines (issue 13): `[start] mf-public built in 31.2 s (output: data/build.log)`. The full
// output of every build goes to the log file; `--verbose` also streams it to the terminal as
// before. A failed build prints its whole output, so the error is on screen without a second run.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';
import { createInterface } from 'node:readline';

/** '31.2 s', or '1 min 52 s' once a build takes longer than a minute. */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/** The log's path as a person would type it from `cwd` (relative when inside it). */
export function displayPath(file, cwd = process.cwd()) {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/**
 * One build log per `npm start` run, created on first use (a run that builds nothing writes none).
 * `print` receives finished lines; `status` (terminal only) a line that the next one replaces.
 */
export function createBuildReporter({
  logFile,
  verbose = false,
  print: printLine = (line) => console.log(line),
  status = null,
  cwd = process.cwd(),
}) {
  let log = null;
  let statusShown = false;
  const print = (line) => {
    if (statusShown) status(''); // clear the "building …" line before a finished one
    statusShown = false;
    printLine(line);
  };
  const shownLog = displayPath(logFile, cwd);
  const openLog = () => {
    if (!log) {
      mkdirSync(dirname(logFile), { recursive: true });
      log = createWriteStream(logFile, { flags: 'w' });
    }
    return log;
  };

  /**
   * Runs `command args` for the part `name`; resolves { ok, ms }. Quiet by default: one line when
   * it ends (a terminal also sees "building …" in the meantime, replaced by that line).
   */
  function run(name, command, args, { env = process.env, spawnCwd = cwd } = {}) {
    const started = Date.now();
    const stream = openLog();
    stream.write(`\n=== ${name}: ${command} ${args.join(' ')} (${new Date(started).toISOString()})\n`);
    if (!verbose && status) {
      status(`[start] building ${name} …`);
      statusShown = true;
    }
    const captured = [];
    return new Promise((resolve) => {
      let child;
      try {
        child = spawn(command, args, { cwd: spawnCwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (err) {
        finish(false, [err.message]);
        return;
      }
      let open = 2;
      let exitCode = null;
      const onLine = (line) => {
        stream.write(`${line}\n`);
        captured.push(line);
        if (verbose) print(`[build ${name}] ${line}`);
      };
      for (const source of [child.stdout, child.stderr]) {
        const lines = createInterface({ input: source });
        lines.on('line', onLine);
        // Resolve only once both pipes are drained, so a failure's last error line is never lost.
        lines.on('close', () => {
          open -= 1;
          if (open === 0 && exitCode !== null) finish(exitCode === 0);
        });
      }
      child.on('error', (err) => onLine(err.message));
      child.on('close', (code) => {
        exitCode = code ?? 1;
        if (open === 0) finish(exitCode === 0);
      });

      let done = false;
      function finish(ok, extra = []) {
        if (done) return;
        done = true;
        for (const line of extra) onLine(line);
        const ms = Date.now() - started;
        stream.write(`=== ${name}: ${ok ? 'built' : 'FAILED'} in ${formatDuration(ms)}\n`);
        if (ok) {
          print(`[start] ${name} built in ${formatDuration(ms)} (output: ${shownLog})`);
        } else {
          // Verbose already streamed every line; quiet shows the failed build's whole output now.
          if (!verbose) for (const line of captured) print(`[build ${name}] ${line}`);
          print(`[start] ${name} build FAILED after ${formatDuration(ms)} (output above, also in ${shownLog})`);
        }
        resolve({ ok, ms });
      }
    });
  }

  function close() {
    return new Promise((resolve) => (log ? log.end(resolve) : resolve()));
  }

  return { run, close, logFile, shownLog };
}

/**
 * For a terminal: a "building …" line that the next printed line overwrites. Elsewhere (CI, a
 * pipe, the e2e suite) nothing, so logs hold only finished lines.
 */
export function terminalStatus(stdout = process.stdout) {
  if (!stdout.isTTY) return null;
  return (line) => stdout.write(`\r\x1b[K${line}`);
}
