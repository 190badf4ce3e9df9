import { test } from 'node:test';
import assert from 'node:assert/strict';
import { busyShare, parseMachineTicks, parseStatCpuMs, cpuTimeMs } from './cpu.mjs';

test('reads utime + stime even when the command name has spaces and parentheses', () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
  const stat = '123 (node (x) y) S 1 123 123 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 11 0';
  assert.equal(parseStatCpuMs(stat, 100), 3000);
});

test('measures this process and gives null for a process that does not exist', () => {
  const ms = cpuTimeMs([process.pid]);
  assert.equal(typeof ms, 'number');
  assert.ok(ms >= 0);
  assert.equal(cpuTimeMs([2 ** 22 + 12345]), null);
});

test("reads the machine's busy ticks from /proc/stat: everything but idle and iowait", () => {
  // cpu user nice system idle iowait irq softirq steal guest guest_nice
  const before = parseMachineTicks('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 50 0 25 400 25 0 0 0 0 0\n');
  assert.deepEqual(before, { busy: 150, all: 1000 });
  const after = parseMachineTicks('cpu  350 0 200 900 50 0 0 0 0 0\n');
  assert.equal(busyShare(before, after), 0.8);
  assert.equal(busyShare(null, after), null);
});
