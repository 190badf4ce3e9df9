import { test } from 'node:test';
import assert from 'node:assert/strict';
import { categoryOf, parseReport } from './perf-profile.mjs';

test('reads perf report lines, folding JIT tiers and JIT threads into one name each', () => {
  const text = [
    '# Samples: 3K of event cpu-clock',
    '',
    '       120  node                 [.] Builtins_LoadIC_Megamorphic',
    '        40  [JIT] tid 9137       [.] JS:*handler /srv/server/dist/modules/visitor/visitor.routes.js:47:18',
    '        10  [JIT] tid 9137       [.] JS:^handler /srv/server/dist/modules/visitor/visitor.routes.js:47:18',
    '        30  [kernel.kallsyms]    [k] do_fsync',
  ].join('\n');
  const rows = parseReport(text);
  assert.equal(rows.get('node\tBuiltins_LoadIC_Megamorphic'), 120);
  assert.equal(rows.get('[JIT]\tJS:handler /srv/server/dist/modules/visitor/visitor.routes.js:47:18'), 50);
  assert.equal(rows.get('[kernel.kallsyms]\tdo_fsync'), 30);
  assert.equal(rows.size, 3);
});

test('puts each kind of sample where decision 0105 counts it', () => {
  assert.equal(categoryOf('node', 'v8::internal::compiler::GraphReducer::ReduceTop'), 'V8: compiling');
  assert.equal(categoryOf('node', 'v8::internal::Heap::Scavenge'), 'V8: garbage collection');
  assert.equal(categoryOf('node', 'Builtins_KeyedLoadIC_Megamorphic'), 'V8: property access misses (inline caches)');
  assert.equal(categoryOf('[kernel.kallsyms]', 'do_fsync'), 'kernel (sockets, WAL write and fsync)');
  assert.equal(categoryOf('better_sqlite3.node', 'sqlite3VdbeExec'), 'SQLite');
  assert.equal(
    categoryOf('[JIT]', 'JS:applyPageClicks /srv/server/dist/modules/traffic/page-click.js:77:31'),
    'JavaScript: ours (server, shared-api)',
  );
  assert.equal(
    categoryOf('[JIT]', 'JS:routeHandler /srv/node_modules/fastify/lib/route.js:465:25'),
    "JavaScript: Fastify's, Node's, the drivers', generated code",
  );
  assert.equal(categoryOf('node', 'llhttp__internal_execute'), "Node's and V8's C++ (HTTP parser, strings, objects)");
  assert.equal(categoryOf('libc.so.6', 'malloc'), 'C libraries (libc)');
});
