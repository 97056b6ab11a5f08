import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/**
 * Checks the ledger's invariants over every stored row (ARCHITECTURE §3): the database enforces
 * them on each write; this reads them back, for tests, the crash test and operations.
 */
export interface LedgerAudit {
  transactions: number;
  entries: number;
  /** Transactions with entries whose sum is not zero, or with a single entry. */
  unbalancedTransactions: string[];
  /** Entries on an account of another currency than their transaction's. */
  foreignCurrencyEntries: string[];
  /** Bounded accounts (players' buckets, WITHDRAWALS_PENDING) whose balance is not the sum of their entries. */
  balanceMismatches: { accountId: string; balance: string; entrySum: string }[];
  /** Unbounded house accounts must keep 0 in their balance column: their balance is the sum of their entries. */
  unboundedWithBalance: string[];
  /** Entries whose recorded balance after is not the running sum of the account's entries. */
  runningBalanceMismatches: string[];
  negativeBalances: string[];
  /** Per currency, the sum of all entries (0 for a sound ledger). */
  currencyTotals: Record<string, string>;
}

async function rows<Row>(db: Db, statement: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const [counts] = await rows<{ transactions: bigint; entries: bigint }>(
    db,
    sql`SELECT (SELECT COUNT(*) FROM wallet_transaction) AS transactions, (SELECT COUNT(*) FROM wallet_entry) AS entries`,
  );
  const unbalanced = await rows<{ id: bigint }>(
    db,
    sql`SELECT transaction_id AS id FROM wallet_entry GROUP BY transaction_id HAVING SUM(amount) <> 0 OR COUNT(*) < 2 ORDER BY transaction_id`,
  );
  const foreign = await rows<{ id: bigint }>(
    db,
    sql`SELECT e.id FROM wallet_entry e JOIN wallet_account a ON a.id = e.account_id JOIN wallet_transaction t ON t.id = e.transaction_id
        WHERE a.currency <> t.currency ORDER BY e.id`,
  );
  const mismatches = await rows<{ id: bigint; balance: bigint; entry_sum: bigint }>(
    db,
    sql`SELECT a.id, a.balance, COALESCE(SUM(e.amount), 0)::bigint AS entry_sum
          FROM wallet_account a LEFT JOIN wallet_entry e ON e.account_id = a.id
         WHERE NOT a.may_go_negative
         GROUP BY a.id, a.balance
        HAVING a.balance <> COALESCE(SUM(e.amount), 0)
         ORDER BY a.id`,
  );
  const unbounded = await rows<{ id: bigint }>(db, sql`SELECT id FROM wallet_account WHERE may_go_negative AND balance <> 0 ORDER BY id`);
  const running = await rows<{ id: bigint }>(
    db,
    sql`SELECT id FROM (
          SELECT id, balance_after, SUM(amount) OVER (PARTITION BY account_id ORDER BY id) AS running FROM wallet_entry
        ) AS e WHERE balance_after IS NOT NULL AND balance_after <> running ORDER BY id`,
  );
  const negative = await rows<{ id: bigint }>(db, sql`SELECT id FROM wallet_account WHERE NOT may_go_negative AND balance < 0 ORDER BY id`);
  const totals = await rows<{ currency: string; total: bigint }>(
    db,
    sql`SELECT a.currency, COALESCE(SUM(e.amount), 0)::bigint AS total FROM wallet_account a LEFT JOIN wallet_entry e ON e.account_id = a.id GROUP BY a.currency ORDER BY a.currency`,
  );
  return {
    transactions: Number(counts?.transactions ?? 0),
    entries: Number(counts?.entries ?? 0),
    unbalancedTransactions: unbalanced.map((row) => String(row.id)),
    foreignCurrencyEntries: foreign.map((row) => String(row.id)),
    balanceMismatches: mismatches.map((row) => ({ accountId: String(row.id), balance: String(row.balance), entrySum: String(row.entry_sum) })),
    unboundedWithBalance: unbounded.map((row) => String(row.id)),
    runningBalanceMismatches: running.map((row) => String(row.id)),
    negativeBalances: negative.map((row) => String(row.id)),
    currencyTotals: Object.fromEntries(totals.map((row) => [row.currency, String(row.total)])),
  };
}

/** The audit's violations as lines; empty when every invariant holds. */
export function auditProblems(audit: LedgerAudit): string[] {
  const problems: string[] = [];
  if (audit.unbalancedTransactions.length) problems.push(`unbalanced transactions: ${audit.unbalancedTransactions.join(', ')}`);
  if (audit.foreignCurrencyEntries.length) problems.push(`entries in another currency: ${audit.foreignCurrencyEntries.join(', ')}`);
  for (const mismatch of audit.balanceMismatches)
    problems.push(`account ${mismatch.accountId}: balance ${mismatch.balance} but entries sum to ${mismatch.entrySum}`);
  if (audit.unboundedWithBalance.length) problems.push(`unbounded house accounts with a stored balance: ${audit.unboundedWithBalance.join(', ')}`);
  if (audit.runningBalanceMismatches.length) problems.push(`entries whose balance after is not the running sum: ${audit.runningBalanceMismatches.join(', ')}`);
  if (audit.negativeBalances.length) problems.push(`negative balances: ${audit.negativeBalances.join(', ')}`);
  for (const [currency, total] of Object.entries(audit.currencyTotals)) if (total !== '0') problems.push(`${currency} entries sum to ${total}`);
  return problems;
}
