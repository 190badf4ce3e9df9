// CPU time of processes, from /proc (Linux). Server CPU per request does not depend on how the
// load generator and other work share the cores, so it stays comparable on a busy machine where
// req/s do not.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** utime + stime in ms, from the text of /proc/PID/stat (pure, for the tests). */
export function parseStatCpuMs(statText, ticks = 100) {
  // The command name is in parentheses and may contain spaces: fields start after the last ')'.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticks;
}

/** Sum of the CPU ms the given processes have used so far; null when /proc cannot tell. */
export function cpuTimeMs(pids) {
  try {
    return pids.reduce((sum, pid) => sum + parseStatCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'), clockTicks()), 0);
  } catch {
    return null;
  }
}

/**
 * The machine's CPU ticks so far, busy and all, from the text of /proc/stat's first line (pure,
 * for the tests): busy is everything but idle and iowait. Two readings say how full the cores
 * were in between: whether a load was bound by the CPU or by waiting (a commit's fsync, a lock).
 */
export function parseMachineTicks(procStatText) {
  const fields = procStatText.split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const all = fields.reduce((sum, n) => sum + n, 0);
  const [, , , idle, iowait] = fields;
  return { busy: all - idle - iowait, all };
}

/** The machine's ticks now; null when /proc/stat cannot be read. */
export function machineTicks() {
  try {
    return parseMachineTicks(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The share of the machine's CPU (0–1, all cores) that was busy between two readings. */
export function busyShare(before, after) {
  if (!before || !after || after.all === before.all) return null;
  return (after.busy - before.busy) / (after.all - before.all);
}
