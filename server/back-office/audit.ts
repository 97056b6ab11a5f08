import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery, AuditVerification } from '../../contracts/back-office/audit';
import type { StaffPermission } from '../../contracts/back-office/permissions';
import type { Db } from '../db/database';
import { staffAudit, staffAuditHead } from '../db/schema';
import { auditAnchorOf, type AnchoredHead, type AuditAnchor } from './audit-anchor';

export const GENESIS_HASH = '0'.repeat(64);

/** Who did it, under which permission, to what: the access check's answer, carried into the audit row. */
export interface AuditActor {
  staffId: string | null;
  username: string;
}
export interface AuditRecord {
  action: AuditAction;
  permission: StaffPermission | null;
  subjectType: string | null;
  subjectId: string | null;
  detail: Record<string, unknown>;
}

/** JSON with object keys sorted at every level, so the hash does not depend on how jsonb orders them. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type AuditRow = typeof staffAudit.$inferSelect;

/** The row's hash: every column but the hash itself, with the previous row's hash. */
export function auditRowHash(row: Omit<AuditRow, 'hash'>): string {
  const content = canonicalJson([
    row.seq,
    row.at.toISOString(),
    row.staffId,
    row.staffUsername,
    row.action,
    row.permission,
    row.subjectType,
    row.subjectId,
    row.detail,
    row.prevHash,
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Appends one row to the chain, in the caller's transaction: the head row is locked first, so
 * appends are serialised and each one links to the row committed before it. Call it inside the
 * transaction of the action it records, so the action and its record commit or fail together.
 */
export async function appendAudit(tx: Db, actor: AuditActor, record: AuditRecord, at = new Date()): Promise<AuditEntry> {
  const [head] = await tx.select().from(staffAuditHead).where(eq(staffAuditHead.id, 1)).for('update');
  if (!head) throw new Error('staff_audit_head is missing');
  // Milliseconds only: what the row's timestamp round-trips through JavaScript as.
  const when = new Date(at.getTime());
  const row = {
    seq: head.lastSeq + 1,
    at: when,
    staffId: actor.staffId,
    staffUsername: actor.username,
    action: record.action,
    permission: record.permission,
    subjectType: record.subjectType,
    subjectId: record.subjectId,
    detail: record.detail,
    prevHash: head.lastHash,
  };
  const hash = auditRowHash(row);
  await tx.insert(staffAudit).values({ ...row, hash });
  await tx.update(staffAuditHead).set({ lastSeq: row.seq, lastHash: hash }).where(eq(staffAuditHead.id, 1));
  return auditEntryOf({ ...row, hash });
}

/** A stored audit row as the contract's entry (the log's views and the evidence pack). */
export function auditEntryOf(row: AuditRow): AuditEntry {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    staffId: row.staffId,
    staffUsername: row.staffUsername,
    action: row.action,
    permission: row.permission as AuditEntry['permission'],
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    detail: row.detail,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

export async function listAudit(db: Db, query: Omit<AuditQuery, 'limit'> & { limit?: number }): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (query.staff) conditions.push(eq(sql`lower(${staffAudit.staffUsername})`, query.staff.toLowerCase()));
  if (query.action) conditions.push(eq(staffAudit.action, query.action));
  if (query.subjectId) conditions.push(eq(staffAudit.subjectId, query.subjectId));
  if (query.from) conditions.push(gte(staffAudit.at, new Date(query.from)));
  if (query.to) conditions.push(lte(staffAudit.at, new Date(query.to)));
  const rows = await db
    .select()
    .from(staffAudit)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(staffAudit.seq))
    .limit(query.limit ?? 100);
  return rows.map(auditEntryOf);
}

const BATCH = 1000;

/**
 * Walks the whole chain from the first row: each row's number follows the one before, its
 * prev_hash is the hash before it, and its hash is recomputed from its content; the last row must
 * be the one the head remembers. Any changed, removed or inserted row fails one of these.
 *
 * With the node's anchor (audit-anchor.ts; issue 25, item 8; `null`: the hash chain alone) it also reads every signed checkpoint
 * kept outside the database: a line whose signature does not check is a problem; each anchored row
 * must exist with exactly the anchored hash (a chain rewritten with recomputed hashes fails here);
 * and the chain must reach the newest anchored row (cut rows and a head moved back fail here).
 * The first problem by row number is answered; a bad checkpoint line, which names no row, after
 * the chain's own.
 */
export async function verifyAudit(db: Db, anchor: AuditAnchor | null = auditAnchorOf(db) ?? null): Promise<AuditVerification> {
  const reading = anchor ? await anchor.read() : { checkpoints: [], problem: null };
  const anchoredAt = new Map<number, AnchoredHead[]>();
  let newest: AnchoredHead | null = null;
  for (const checkpoint of reading.checkpoints) {
    anchoredAt.set(checkpoint.seq, [...(anchoredAt.get(checkpoint.seq) ?? []), checkpoint]);
    if (!newest || checkpoint.seq > newest.seq) newest = checkpoint;
  }
  const anchoring = { anchored: anchor !== null, checkpoints: reading.checkpoints.length, anchoredSeq: newest?.seq ?? null, anchoredAt: newest?.at ?? null };

  const [head] = await db.select().from(staffAuditHead).where(eq(staffAuditHead.id, 1));
  if (!head) return { valid: false, entries: 0, brokenAt: null, problem: 'The chain head is missing', headHash: GENESIS_HASH, ...anchoring };
  let expectedSeq = 1;
  let previous = GENESIS_HASH;
  for (;;) {
    const rows = await db.select().from(staffAudit).where(gte(staffAudit.seq, expectedSeq)).orderBy(asc(staffAudit.seq)).limit(BATCH);
    for (const row of rows) {
      const broken = (problem: string): AuditVerification => ({
        valid: false,
        entries: expectedSeq - 1,
        brokenAt: row.seq,
        problem,
        headHash: head.lastHash,
        ...anchoring,
      });
      if (row.seq !== expectedSeq) return { ...broken(`Row ${expectedSeq} is missing`), brokenAt: expectedSeq };
      if (row.prevHash !== previous) return broken('The row does not link to the row before it');
      const { hash, ...content } = row;
      if (auditRowHash(content) !== hash) return broken('The row was changed after it was written');
      const differing = anchoredAt.get(row.seq)?.find((checkpoint) => checkpoint.hash !== hash);
      if (differing)
        return broken(`The row's hash is not the one checkpoint ${differing.where} of ${differing.at} signed: the chain was rewritten after it was anchored`);
      previous = hash;
      expectedSeq += 1;
    }
    if (rows.length < BATCH) break;
  }
  const last = expectedSeq - 1;
  if (last !== head.lastSeq || previous !== head.lastHash) {
    return {
      valid: false,
      entries: last,
      brokenAt: Math.min(last + 1, head.lastSeq),
      problem: 'Rows at the end of the chain are missing',
      headHash: head.lastHash,
      ...anchoring,
    };
  }
  if (newest && newest.seq > last) {
    return {
      valid: false,
      entries: last,
      brokenAt: last + 1,
      problem: `Rows at the end of the chain are missing: checkpoint ${newest.where} of ${newest.at} signed row ${newest.seq}, but the chain ends at row ${last}`,
      headHash: head.lastHash,
      ...anchoring,
    };
  }
  if (reading.problem) return { valid: false, entries: last, brokenAt: null, problem: reading.problem, headHash: head.lastHash, ...anchoring };
  return { valid: true, entries: last, brokenAt: null, problem: null, headHash: head.lastHash, ...anchoring };
}

const CSV_COLUMNS = ['seq', 'at', 'staffUsername', 'action', 'permission', 'subjectType', 'subjectId', 'detail', 'prevHash', 'hash'] as const;

/** RFC 4180 CSV; a cell that a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function auditCsv(entries: AuditEntry[]): string {
  const cell = (value: unknown): string => {
    let text = value === null || value === undefined ? '' : typeof value === 'object' ? canonicalJson(value) : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [CSV_COLUMNS.join(','), ...entries.map((entry) => CSV_COLUMNS.map((column) => cell(entry[column])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The detail of the newest audit entry of `action` on `subjectId` whose detail has `detailKey`
 * equal to `detailValue`: where a staff decision is itself the state others read (a chat mute,
 * a channel's slow mode), every node reads the same append-only record.
 */
export async function latestAuditDetail(
  db: Db,
  action: string,
  subjectId: string,
  detailKey: string,
  detailValue: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ detail: staffAudit.detail })
    .from(staffAudit)
    .where(and(eq(staffAudit.subjectId, subjectId), eq(staffAudit.action, action), sql`${staffAudit.detail}->>${detailKey} = ${detailValue}`))
    .orderBy(desc(staffAudit.seq))
    .limit(1);
  return row?.detail;
}
