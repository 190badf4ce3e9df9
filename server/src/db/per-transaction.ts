import type { DbOrTrx } from './database';

/**
 * A value that lives as long as one transaction — a group-commit batch (issue 12) — and is made on
 * its first use in it: what the batch's visits read once and share (a profile's click rules, a
 * locked queue). Keyed by the transaction object, so it goes with it; a retried batch runs in a
 * new transaction and starts afresh.
 */
export function perTransaction<V>(create: () => V): (trx: DbOrTrx) => V {
  const values = new WeakMap<DbOrTrx, V>();
  return (trx) => {
    let value = values.get(trx);
    if (value === undefined) values.set(trx, (value = create()));
    return value;
  };
}
