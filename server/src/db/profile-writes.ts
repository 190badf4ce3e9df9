import type { CompiledQuery, OperationNode, QueryResult } from 'kysely';

/**
 * Which profiles' public data a statement may have changed (issue 12: the public answer cache).
 *
 * The visitor page shows a profile's `users` row and its `links`; every write to those two tables
 * passes through the database driver (db/watched-dialect.ts), which asks this file after each
 * statement. The answer is the profile ids the statement touched when the statement says so
 * plainly, and ALL otherwise — so an unforeseen write path costs the cache its contents, never
 * a stale answer:
 * - `links`: the `user_id` of the rows it returned (every click statement returns its row), else
 *   a top-level `user_id = value` condition, else the `user_id` values of an INSERT;
 * - `users`: the `id` of the returned rows, else a top-level `id = value` condition, else the
 *   `id` values of an INSERT; a DELETE is ALL (it cascades to sub-profiles no statement names);
 * - raw SQL that is not a plain SELECT and names either table, DDL, MERGE, a WITH clause that
 *   writes either table: ALL.
 * Precompiled statements (db/precompiled.ts) carry placeholder marks in their tree, never values,
 * so only their returned rows can name a profile.
 */
export const ALL = 'all' as const;
export type Written = ReadonlySet<string> | typeof ALL | undefined;

const WATCHED: Record<string, string> = { links: 'user_id', users: 'id' };

type Node = OperationNode & Record<string, unknown>;
const isNode = (x: unknown): x is Node => typeof x === 'object' && x !== null && typeof (x as Node).kind === 'string';

function tableOf(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.kind === 'AliasNode') return tableOf(node.node);
  if (node.kind === 'TableNode') return ((node.table as Node).identifier as Node).name as string;
  return undefined;
}

function columnOf(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.kind === 'ReferenceNode') return columnOf(node.column);
  if (node.kind === 'ColumnNode') return (node.column as Node).name as string;
  return undefined;
}

/** A plain value: not a precompiled placeholder (which holds NUL characters). */
const plainId = (v: unknown): v is string => typeof v === 'string' && !v.includes('\u0000');

/** `column = 'value'` among the top-level AND conditions of a WHERE. */
function equalsValue(where: unknown, column: string): string | undefined {
  if (!isNode(where)) return undefined;
  if (where.kind === 'WhereNode' || where.kind === 'ParensNode') return equalsValue(where.where ?? where.node, column);
  if (where.kind === 'AndNode') return equalsValue(where.left, column) ?? equalsValue(where.right, column);
  if (where.kind !== 'BinaryOperationNode') return undefined;
  const op = where.operator as Node;
  const right = where.rightOperand as Node;
  if (op.operator !== '=' || columnOf(where.leftOperand) !== column || right.kind !== 'ValueNode') return undefined;
  return plainId(right.value) ? right.value : undefined;
}

/** The values of one column in an INSERT's VALUES list, or undefined when any is not plain. */
function insertedValues(node: Node, column: string): string[] | undefined {
  const columns = (node.columns as Node[] | undefined) ?? [];
  const at = columns.findIndex((c) => (c.column as Node).name === column);
  const values = node.values as Node | undefined;
  if (at < 0 || values?.kind !== 'ValuesNode') return undefined;
  const out: string[] = [];
  for (const row of values.values as Node[]) {
    const v = row.kind === 'PrimitiveValueListNode' ? (row.values as unknown[])[at] : undefined;
    if (!plainId(v)) return undefined;
    out.push(v);
  }
  return out;
}

function returnedValues(result: QueryResult<unknown>, column: string): string[] | undefined {
  const rows = result.rows as Array<Record<string, unknown>>;
  if (rows.length === 0 || !rows.every((r) => plainId(r[column]))) return undefined;
  return rows.map((r) => r[column] as string);
}

/**
 * A WITH clause that writes a watched table: the statement's returned rows are its last part's,
 * so they cannot name what the clause wrote.
 */
function withWritesWatched(node: Node): boolean {
  const clauses = ((node.with as Node | undefined)?.expressions as Node[] | undefined) ?? [];
  return clauses.some((clause) => {
    const q = clause.expression as Node;
    if (q.kind === 'SelectQueryNode') return false;
    const table = tableOf(q.table ?? q.into ?? ((q.from as Node | undefined)?.froms as Node[] | undefined)?.[0]);
    return table === undefined || table in WATCHED;
  });
}

const RAW_WRITE_OF_WATCHED = /\b(links|users)\b/i;
const RAW_READ = /^\s*(select|show|explain|begin|commit|rollback|savepoint|release|set\s+local)\b/i;

/** Which profiles a statement that just ran may have changed (undefined: none). */
export function profilesWritten(compiled: CompiledQuery, result: QueryResult<unknown>): Written {
  const node = compiled.query as Node;
  switch (node.kind) {
    case 'SelectQueryNode':
      return withWritesWatched(node) ? ALL : undefined;
    case 'RawNode':
      return RAW_READ.test(compiled.sql) || !RAW_WRITE_OF_WATCHED.test(compiled.sql) ? undefined : ALL;
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
    case 'InsertQueryNode': {
      if (withWritesWatched(node)) return ALL;
      const table = tableOf(node.table ?? node.into ?? ((node.from as Node | undefined)?.froms as Node[] | undefined)?.[0]);
      if (table === undefined) return ALL;
      const column = WATCHED[table];
      if (column === undefined) return undefined;
      if (table === 'users' && node.kind === 'DeleteQueryNode') return ALL;
      // An UPDATE or DELETE that matched nothing changed nothing.
      if (node.kind !== 'InsertQueryNode' && result.numAffectedRows === 0n && result.rows.length === 0) return undefined;
      const ids =
        returnedValues(result, column) ??
        (node.kind === 'InsertQueryNode' ? insertedValues(node, column) : [equalsValue(node.where, column)].filter(plainId));
      return ids && ids.length > 0 ? new Set(ids) : ALL;
    }
    case 'SelectModifierNode':
      return undefined;
    default:
      // DDL, MERGE and anything newer: assume the worst.
      return ALL;
  }
}
