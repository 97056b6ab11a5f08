import type { Db } from './database';

/**
 * One database transaction, and work to do once it has committed. Every module opens its
 * transactions here (the wallet's movements run inside them), so opening one needs no module's
 * face; what a module must do only after a commit (the wallet's balance notices) it hangs on the
 * transaction with `afterCommit`.
 */

/** Called with the handle the outermost transaction was opened on, once it has committed. */
export type AfterCommit = (db: Db) => void;

/** The hooks of each open transaction, by its handle. */
const hooksByTransaction = new WeakMap<object, AfterCommit[]>();
/** The database each open transaction was opened on, by its handle. */
const databaseByTransaction = new WeakMap<object, Db>();

/**
 * A value each database has, found from any handle on it (the database, or a transaction opened on
 * it by `inTransaction`): what the composition root hands a database at start-up (its wallet, its
 * sign-up listeners) so that callers pass a database handle, not the value.
 */
export interface PerDatabase<T> {
  /** Makes `value` the one of `db`'s database; answers a function that puts the previous one back (tests). */
  attach(db: Db, value: T): () => void;
  /** The value of `db`'s database, if one was attached. */
  of(db: Db): T | undefined;
}

export function perDatabase<T>(): PerDatabase<T> {
  const values = new WeakMap<object, T>();
  return {
    attach(db, value) {
      const root = databaseOf(db);
      const previous = values.get(root);
      values.set(root, value);
      return () => {
        if (previous !== undefined) values.set(root, previous);
        else values.delete(root);
      };
    },
    of: (db) => values.get(databaseOf(db)),
  };
}

/**
 * Runs `work` in one database transaction. Inside another transaction (`db` is a transaction's
 * handle) it is a savepoint, and its after-commit hooks wait for the outer transaction's commit.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const hooks: AfterCommit[] = [];
  const result = await db.transaction((tx) => {
    hooksByTransaction.set(tx, hooks);
    databaseByTransaction.set(tx, databaseOf(db));
    return work(tx as unknown as Db);
  });
  const outer = hooksByTransaction.get(db);
  if (outer) outer.push(...hooks);
  else for (const hook of hooks) runHook(hook, db);
  return result;
}

/** Whether `db` is the handle of a transaction opened by `inTransaction`. */
export function inOpenTransaction(db: Db): boolean {
  return hooksByTransaction.has(db);
}

/** The database `db` belongs to: itself, or the one a transaction opened by `inTransaction` runs on. */
export function databaseOf(db: Db): Db {
  return databaseByTransaction.get(db) ?? db;
}

/**
 * Runs `hook` once the transaction `db` belongs to has committed (never if it rolls back); on the
 * database itself (a statement that committed on its own), now.
 */
export function afterCommit(db: Db, hook: AfterCommit): void {
  const hooks = hooksByTransaction.get(db);
  if (hooks) hooks.push(hook);
  else runHook(hook, db);
}

function runHook(hook: AfterCommit, db: Db): void {
  // The transaction has committed whatever a hook does: its failure is reported, not thrown at the
  // caller, whose work is done.
  try {
    hook(db);
  } catch (error) {
    process.emitWarning(error instanceof Error ? error : String(error), 'AfterCommitWarning');
  }
}
