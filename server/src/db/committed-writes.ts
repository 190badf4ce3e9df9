import type { CompiledQuery, OperationNode, QueryResult } from 'kysely';

/**
 * Which rows of the tables someone keeps copies of a committed statement may have changed
 * (issue 12's public answer cache; issue 27: db/ names no feature's table — the keeper declares
 * them, `CommittedWrites.watch`). Every statement of the app passes through the database driver
 * (db/watched-dialect.ts), which asks this file after each one while anyone watches. The answer
 * is the copies' keys the statement touched when it says so plainly, and ALL otherwise — so an
 * unforeseen write path costs the keeper its copies, never a stale one:
 * - a watched table's key column (`key`) in the rows the statement returned, else a top-level
 *   `key = value` condition, else the key values of an INSERT;
 * - a DELETE of a table marked `deleteReachesUnnamed` is ALL (a cascade reaches rows no
 *   statement names);
 * - raw SQL that is not a plain SELECT and names a watched table, DDL, MERGE, a WITH clause that
 *   writes a watched table: ALL.
 * Precompiled statements (db/precompiled.ts) carry placeholder marks in their tree, never values,
 * so only their returned rows can name a key.
 */
export const ALL = 'all' as const;
export type Written = ReadonlySet<string> | typeof ALL | undefined;

/** What a keeper of copies watches: per table, the column whose value names a copy. */
export type WatchedTables = Readonly<Record<string, { key: string; deleteReachesUnnamed?: boolean }>>;

/** A watch list with its raw-SQL test made once. */
export interface Watch {
  tables: WatchedTables;
  rawWrite: RegExp;
}

export function watchOf(tables: WatchedTables): Watch {
  const names = Object.keys(tables).map((t) => t.replace(/[^a-z0-9_]/gi, ''));
  return { tables, rawWrite: new RegExp(`\\b(${names.join('|')})\\b`, 'i') };
}

/**
 * This process's committed writes to the watched tables, told to the watchers after each COMMIT
 * (or a lone statement) by db/watched-dialect.ts; nothing for a rollback. Tables are added by
 * `watch` at start-up; while nobody watches, statements are not even looked at.
 */
export class CommittedWrites {
  private listeners = new Set<(written: Exclude<Written, undefined>) => void>();
  /** Undefined while nobody watches. */
  watching: Watch | undefined;

  /** Starts telling `listener` of writes to `tables` (merged with the other watchers'); returns the function that stops it. */
  watch(tables: WatchedTables, listener: (written: Exclude<Written, undefined>) => void): () => void {
    const merged: Record<string, WatchedTables[string]> = { ...this.watching?.tables };
    for (const [table, spec] of Object.entries(tables)) {
      const had = merged[table];
      if (had && had.key !== spec.key) throw new Error(`${table} is already watched by its ${had.key}, not ${spec.key}`);
      merged[table] = { key: spec.key, deleteReachesUnnamed: had?.deleteReachesUnnamed || spec.deleteReachesUnnamed };
    }
    this.watching = watchOf(merged);
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.watching = undefined;
    };
  }

  /** Called after the COMMIT (or a lone statement). */
  report(written: Written): void {
    if (written === undefined || (written !== ALL && written.size === 0)) return;
    for (const listener of this.listeners) listener(written);
  }
}

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
function withWritesWatched(node: Node, tables: WatchedTables): boolean {
  const clauses = ((node.with as Node | undefined)?.expressions as Node[] | undefined) ?? [];
  return clauses.some((clause) => {
    const q = clause.expression as Node;
    if (q.kind === 'SelectQueryNode') return false;
    const table = tableOf(q.table ?? q.into ?? ((q.from as Node | undefined)?.froms as Node[] | undefined)?.[0]);
    return table === undefined || Object.prototype.hasOwnProperty.call(tables, table);
  });
}

const RAW_READ = /^\s*(select|show|explain|begin|commit|rollback|savepoint|release|set\s+local)\b/i;

/** Which copies a statement that just ran may have changed (undefined: none). */
export function keysWritten(watch: Watch, compiled: CompiledQuery, result: QueryResult<unknown>): Written {
  const node = compiled.query as Node;
  const { tables } = watch;
  switch (node.kind) {
    case 'SelectQueryNode':
      return withWritesWatched(node, tables) ? ALL : undefined;
    case 'RawNode':
      return RAW_READ.test(compiled.sql) || !watch.rawWrite.test(compiled.sql) ? undefined : ALL;
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
    case 'InsertQueryNode': {
      if (withWritesWatched(node, tables)) return ALL;
      const table = tableOf(node.table ?? node.into ?? ((node.from as Node | undefined)?.froms as Node[] | undefined)?.[0]);
      if (table === undefined) return ALL;
      const spec = Object.prototype.hasOwnProperty.call(tables, table) ? tables[table] : undefined;
      if (spec === undefined) return undefined;
      if (spec.deleteReachesUnnamed && node.kind === 'DeleteQueryNode') return ALL;
      const column = spec.key;
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
