import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spliceReadme, START, END } from './readme.mjs';

test('replaces only the marked section and demotes the headings', () => {
  const readme = `# Bench\nintro\n${START}\nold table\n${END}\n## Method\nkept`;
  const out = spliceReadme(readme, '# Rotalink bench — latest run\n\nmachine\n\n## API\n| a |\n');
  assert.equal(out, `# Bench\nintro\n${START}\nmachine\n\n### API\n| a |\n${END}\n## Method\nkept`);
});

test('leaves a README without markers untouched', () => {
  assert.equal(spliceReadme('# Bench\nno markers', '# x\n## y'), '# Bench\nno markers');
});
