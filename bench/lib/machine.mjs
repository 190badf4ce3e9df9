// Names the machine a table was measured on (issue 7: "the machine named").
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

function osName() {
  try {
    const m = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)"?/m);
    if (m) return `${m[1]} (${os.type()} ${os.release()})`;
  } catch {}
  return `${os.type()} ${os.release()}`;
}

function run(cmd, args, cwd) {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function describeMachine(repoRoot, chromiumPath) {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: osName(),
    chromium: chromiumPath ? run(chromiumPath, ['--version']) : null,
    postgres: null, // filled in by the PostgreSQL part when it connects
    commit: run('git', ['rev-parse', '--short', 'HEAD'], repoRoot),
    date: new Date().toISOString(),
    loadAverageAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}
