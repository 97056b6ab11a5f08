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
/** The database handle each open transaction was opened on, by the transaction's handle. */
const rootByTransaction = new WeakMap<object, Db>();

/**
 * Runs `work` in one database transaction. Inside another transaction (`db` is a transaction's
 * handle) it is a savepoint, and its after-commit hooks wait for the outer transaction's commit.
 */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const hooks: AfterCommit[] = [];
  const root = rootByTransaction.get(db) ?? db;
  const result = await db.transaction((tx) => {
    hooksByTransaction.set(tx, hooks);
    rootByTransaction.set(tx, root);
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

/** The database handle behind `db`: the one its transaction was opened on by `inTransaction`, else `db` itself. */
export function rootDatabaseOf(db: Db): Db {
  return rootByTransaction.get(db) ?? db;
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
