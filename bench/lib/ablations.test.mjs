import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ABLATIONS, ablatedCopy, editOnce } from './ablations.mjs';

test('an edit replaces its text when it occurs exactly once', () => {
  assert.equal(editOnce('a(); b(); c();', { file: 'f.js', from: 'b();', to: 'B();' }), 'a(); B(); c();');
});

test('an edit whose text is gone or repeated stops the tool instead of measuring the unchanged build', () => {
  assert.throws(() => editOnce('a(); c();', { file: 'f.js', from: 'b();', to: '' }), /not found in f\.js/);
  assert.throws(() => editOnce('b(); b();', { file: 'f.js', from: 'b();', to: '' }), /more than once in f\.js/);
});

test('every ablation names what it takes out and edits files of the built server', () => {
  for (const [name, a] of Object.entries(ABLATIONS)) {
    assert.ok(a.what.length > 20, name);
    assert.ok(a.edits.length > 0, name);
    for (const e of a.edits) assert.match(e.file, /\.js$/, name);
  }
});

test('a copy gets its ablations and leaves the build it copies untouched', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ablations-'));
  try {
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'http'), { recursive: true });
    const cors = 'hook(() => { reply.headers(always); next(); });';
    writeFileSync(join(dist, 'http/cors.js'), cors);
    writeFileSync(join(dist, 'server.js'), '');
    const entry = ablatedCopy(dist, join(dir, 'copy'), ['no-headers']);
    assert.equal(entry, join(dir, 'copy', 'server.js'));
    assert.equal(readFileSync(join(dir, 'copy/http/cors.js'), 'utf8'), 'hook(() => {  next(); });');
    assert.equal(readFileSync(join(dist, 'http/cors.js'), 'utf8'), cors);
    assert.throws(() => ablatedCopy(dist, join(dir, 'copy2'), ['no-such-step']), /unknown ablation no-such-step/);
    assert.throws(
      () => ablatedCopy(dist, join(dir, 'copy3'), ['no-fsync']),
      /no-fsync edits db\/connect\.js, which the build does not have/,
    );
    assert.ok(existsSync(join(dir, 'copy3')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
