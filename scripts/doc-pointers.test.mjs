// node --test scripts/ — every "spec §N", "DESIGN §N", "CONVENTIONS N" and "issue N" pointer in
// the repository resolves to docs/ (docs/README.md), and the docs name only files that exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkRepository, danglingPointers, findPointers, headingNumbers, issueIndex, stalePaths } from './doc-pointers.mjs';

// Built from parts so this file's own source holds no pointer for the repository scan to find.
const S = '\u00a7';
const spec = (n) => `spec ${S}${n}`;
const design = (n) => `DESIGN ${S}${n}`;
const conventions = (n) => `${'CONVENTIONS'} ${n}`;
const issue = (n, word = 'issue') => `${word} ${n}`;

test('every pointer in the repository resolves to a section or a decision record', () => {
  const { pointers, scanned } = checkRepository();
  assert.ok(scanned > 100, `only ${scanned} files scanned: is git ls-files working here?`);
  assert.deepEqual(pointers, [], `dangling pointers (add the doc content, or fix the comment if it is wrong):\n${pointers.join('\n')}`);
});

test('docs/README.md lists every decision record, and every listed record exists', () => {
  const { index } = checkRepository();
  assert.deepEqual(index, [], index.join('\n'));
});

test('the docs name only repository paths that exist', () => {
  const { paths } = checkRepository();
  assert.deepEqual(paths, [], `docs name files that moved or were removed:\n${paths.join('\n')}`);
});

test('pointer forms: lists, ranges, sub-sections, conventions and issues', () => {
  const text = [
    `// the click (${spec(4)}, ${S}5; ${design('2.5')})`,
    `/** ${design(3)}-${S}5 and ${spec('7')}/${S}8 */`,
    `${conventions(11)} — ${issue(7, 'Issue')}, ${issue('2 and 5', 'issues')}`,
  ].join('\n');
  const found = findPointers(text).map((p) => `${p.kind}:${p.target}@${p.line}`);
  assert.deepEqual(
    new Set(found),
    new Set([
      'spec:4@1',
      'spec:5@1',
      'design:2.5@1',
      'design:3@2',
      'design:4@2',
      'design:5@2',
      'spec:7@2',
      'spec:8@2',
      'conventions:11@3',
      'issue:7@3',
      'issue:2@3',
      'issue:5@3',
    ]),
  );
});

test('a dangling pointer fails, naming file and line', () => {
  const targets = {
    spec: headingNumbers('# Product\n## 1. What it does\n## 2. Screens\n'),
    design: headingNumbers('## 2. How a page loads\n### 2.3 Only the page it needs\n'),
    conventions: headingNumbers('## Server\n### 1. app.ts builds the app\n'),
    issues: issueIndex('| issue | records |\n|---|---|\n| 7 | [0001](decisions/0001-group-commit.md) |\n'),
  };
  const files = [
    { path: 'ok.ts', text: `// ${spec(2)}, ${design('2.3')}, ${conventions(1)}, ${issue(7)}` },
    { path: 'server/x.ts', text: `\n\n// ${spec(12)}: no such section\n// ${design('2.4')} neither` },
    { path: 'shell/y.tsx', text: `/* ${conventions(99)} */ // ${issue(8)}` },
  ];
  assert.deepEqual(danglingPointers(files, targets), [
    `server/x.ts:3: "${spec(12)}" — docs/product.md has no section 12`,
    `server/x.ts:4: "${design('2.4')}" — docs/design.md has no section 2.4`,
    `shell/y.tsx:1: "${conventions(99)}" — docs/conventions.md has no section 99`,
    `shell/y.tsx:1: "${issue(8)}" — ${issue(8)} has no decision record in docs/README.md`,
  ]);
});

test('a doc naming a file or a function that is gone fails; build output and placeholders are not checked', () => {
  const files = ['server/src/app.ts', 'shell/README.md'];
  const docs = [
    {
      path: 'docs/design.md',
      text: 'See `server/src/app.ts#buildApp`, `server/src/gone.ts`, `shell/dist/index.html`, `server/src/modules/<feature>/`, `/api/auth/login`.',
    },
    { path: 'docs/decisions/0001-x.md', text: 'Moved: `server/src/app.ts#startServer`; a folder: `shell/`.' },
  ];
  const texts = { 'server/src/app.ts': 'export async function buildApp() {}' };
  assert.deepEqual(
    stalePaths(docs, files, (p) => texts[p] ?? ''),
    [
      'docs/design.md:1: names `server/src/gone.ts`, which is not in the repository',
      'docs/decisions/0001-x.md:1: names `server/src/app.ts#startServer`, but that file has no startServer',
    ],
  );
});
