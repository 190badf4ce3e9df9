// Checks that every pointer a comment or README makes into the design documents resolves inside
// the repository (docs/README.md explains the forms). Used by doc-pointers.test.mjs; also runs
// alone: `node scripts/doc-pointers.mjs` prints every dangling pointer and exits 1 if there is one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Which document each pointer kind names. */
export const DOCS = {
  spec: 'docs/product.md',
  design: 'docs/design.md',
  conventions: 'docs/conventions.md',
  index: 'docs/README.md',
  decisions: 'docs/decisions',
};

const SCANNED = /\.(ts|tsx|mjs|js|md)$/;
const SECTION = String.raw`§\s*\d+(?:\.\d+)?`;
// A list or range after the first number: "§2, §4", "§2-§3", "§4/§8", "§2 and §5".
const MORE_SECTIONS = String.raw`(?:\s*(?:,|/|-|–|and|&)\s*${SECTION})*`;
const POINTERS = [
  { kind: 'spec', re: new RegExp(String.raw`\bspec\s*${SECTION}${MORE_SECTIONS}`, 'gi') },
  { kind: 'design', re: new RegExp(String.raw`\bDESIGN\s*${SECTION}${MORE_SECTIONS}`, 'gi') },
  { kind: 'conventions', re: /\bCONVENTIONS\s+§?\s*\d+(?:\s*(?:,|-|–|and|&)\s*\d+)*/gi },
  { kind: 'issue', re: /\bissues?\s+#?\d+(?:\s*(?:,|\/|-|–|and|&)\s*#?\d+)*/gi },
];

/** The section numbers one pointer names; a range "§3-§7" names every section in between. */
function numbersIn(text) {
  const out = [];
  const re = /(\d+(?:\.\d+)?)(?:\s*[-–]\s*§?\s*#?(\d+(?:\.\d+)?))?/g;
  // Skip the prefix word ("spec", "issues") so only the numbers are read.
  const body = text.replace(/^[A-Za-z]+/, '');
  for (const m of body.matchAll(re)) {
    const [from, to] = [m[1], m[2]];
    if (to && !from.includes('.') && !to.includes('.') && Number(to) > Number(from)) {
      for (let n = Number(from); n <= Number(to); n++) out.push(String(n));
    } else {
      out.push(from);
      if (to) out.push(to);
    }
  }
  return out;
}

/** Every pointer in one file's text: { kind, target, line, text }. */
export function findPointers(text) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((lineText, i) => {
    for (const { kind, re } of POINTERS) {
      for (const m of lineText.matchAll(re)) {
        for (const target of numbersIn(m[0])) found.push({ kind, target, line: i + 1, text: m[0] });
      }
    }
  });
  return found;
}

/** Section numbers of a document: headings such as "## 6. Business rules" or "### 2.3 Loading". */
export function headingNumbers(markdown) {
  const numbers = new Set();
  for (const m of markdown.matchAll(/^#{1,6}\s+§?\s*(\d+(?:\.\d+)*)[.)]?\s/gm)) numbers.add(m[1]);
  return numbers;
}

/** The issue table of docs/README.md: issue number → decision record file names. */
export function issueIndex(markdown) {
  const index = new Map();
  for (const m of markdown.matchAll(/^\|\s*#?(\d+)\s*\|(.*)$/gm)) {
    const records = [...m[2].matchAll(/\(decisions\/([^)\s]+\.md)\)/g)].map((r) => r[1]);
    index.set(m[1], [...(index.get(m[1]) ?? []), ...records]);
  }
  return index;
}

/**
 * The dangling pointers among `files` ({ path, text }), as "path:line: message" strings.
 * `targets` = { spec, design, conventions: Set of section numbers, issues: Map from issueIndex }.
 */
export function danglingPointers(files, targets) {
  const problems = [];
  const docName = { spec: DOCS.spec, design: DOCS.design, conventions: DOCS.conventions };
  for (const { path, text } of files) {
    for (const p of findPointers(text)) {
      const where = `${path}:${p.line}`;
      if (p.kind === 'issue') {
        const records = targets.issues.get(p.target) ?? [];
        if (records.length === 0) problems.push(`${where}: "${p.text}" — issue ${p.target} has no decision record in ${DOCS.index}`);
      } else if (!targets[p.kind].has(p.target)) {
        problems.push(`${where}: "${p.text}" — ${docName[p.kind]} has no section ${p.target}`);
      }
    }
  }
  return problems;
}

/** Tracked (and new, not ignored) files of the repository, relative to the root. */
export function repositoryFiles(root = ROOT) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\n').filter((f) => f && existsSync(join(root, f)));
}

/** The files whose pointers are checked: source and READMEs outside docs/ and node_modules. */
export function scannedFiles(files) {
  return files.filter((f) => SCANNED.test(f) && !f.startsWith('docs/') && !f.split('/').includes('node_modules'));
}

const read = (root, path) => readFileSync(join(root, path), 'utf8');

export function loadTargets(root = ROOT) {
  return {
    spec: headingNumbers(read(root, DOCS.spec)),
    design: headingNumbers(read(root, DOCS.design)),
    conventions: headingNumbers(read(root, DOCS.conventions)),
    issues: issueIndex(read(root, DOCS.index)),
  };
}

/** Problems with the decision records themselves: listed but missing, present but not listed. */
export function indexProblems(root = ROOT) {
  const problems = [];
  const issues = issueIndex(read(root, DOCS.index));
  const listed = new Set([...issues.values()].flat());
  const onDisk = readdirSync(join(root, DOCS.decisions)).filter((f) => f.endsWith('.md'));
  for (const file of listed) {
    if (!onDisk.includes(file)) problems.push(`${DOCS.index}: lists decisions/${file}, which does not exist`);
  }
  const indexText = read(root, DOCS.index);
  for (const file of onDisk) {
    if (!/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/.test(file)) problems.push(`${DOCS.decisions}/${file}: name it NNNN-short-title.md`);
    if (!indexText.includes(`decisions/${file}`)) problems.push(`${DOCS.decisions}/${file}: not listed in ${DOCS.index}`);
  }
  return problems;
}

const TOP_DIRS = /^(server|shared-api|shell|mf-public|mf-member|mf-admin|e2e|bench|build-config|scripts|docs|\.ci)\//;
// Build output, local data and generated artefacts are not in a clone; placeholders are not paths.
const NOT_CHECKED = /(^|\/)(dist|node_modules|data|artifacts|raw)(\/|$)|[<>*{}…]/;

/**
 * Repository paths the docs name in backticks that do not exist (files moved or renamed), and
 * `path#name` anchors whose file no longer holds that name (a function moved elsewhere).
 */
export function stalePaths(docFiles, files, readText = () => '') {
  const known = new Set(files);
  for (const f of files) for (let d = dirname(f); d !== '.'; d = dirname(d)) known.add(d);
  const problems = [];
  for (const { path, text } of docFiles) {
    text.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/`([^`\s]+)`/g)) {
        const [target, anchor] = m[1].split('#');
        const named = target
          .replace(/:.*$/, '')
          .replace(/[.,;)]+$/, '')
          .replace(/\/$/, '');
        if (!TOP_DIRS.test(`${named}/`) || NOT_CHECKED.test(named)) continue;
        if (!known.has(named)) problems.push(`${path}:${i + 1}: names \`${named}\`, which is not in the repository`);
        else if (anchor && files.includes(named) && !readText(named).includes(anchor)) {
          problems.push(`${path}:${i + 1}: names \`${named}#${anchor}\`, but that file has no ${anchor}`);
        }
      }
    });
  }
  return problems;
}

/** Everything the test checks, for the repository at `root`. */
export function checkRepository(root = ROOT) {
  const files = repositoryFiles(root);
  const sources = scannedFiles(files).map((path) => ({ path, text: read(root, path) }));
  const docs = files.filter((f) => f.startsWith('docs/') && f.endsWith('.md')).map((path) => ({ path, text: read(root, path) }));
  return {
    pointers: danglingPointers(sources, loadTargets(root)),
    index: indexProblems(root),
    paths: stalePaths(docs, files, (path) => read(root, path)),
    scanned: sources.length,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = checkRepository();
  const all = [...result.pointers, ...result.index, ...result.paths];
  for (const line of all) console.log(line);
  console.log(`${result.scanned} files scanned, ${all.length} problem(s).`);
  process.exitCode = all.length ? 1 : 0;
}
