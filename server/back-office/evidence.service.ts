import { createHash } from 'node:crypto';
import { and, asc, gte, lt } from 'drizzle-orm';
import type { EvidencePack, EvidenceQuery } from '../../contracts/back-office/evidence';
import type { Db } from '../db/database';
import { staffAudit } from '../db/schema';
import { limitEvidence } from '../platform/limits';
import { withdrawalMovements } from '../platform/wallet';
import type { StaffActor } from './access';
import { auditEntryOf, canonicalJson, verifyAudit } from './audit';

export const AUDIT_HASHING =
  'hash = hex(SHA-256(canonical JSON of [seq, at, staffId, staffUsername, action, permission, subjectType, subjectId, detail, prevHash])), ' +
  'canonical JSON: object keys sorted at every level, no spaces; prevHash is the hash of the row numbered seq - 1 (64 zeros before the first row)';

/** The window's bounds: from 00:00 UTC of `from` to 00:00 UTC of the day after `to`. */
function window(query: EvidenceQuery): { start: Date; end: Date } {
  const start = new Date(`${query.from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000);
  return { start, end };
}

export const packContentHash = (pack: Omit<EvidencePack, 'contentHash'>): string => createHash('sha256').update(canonicalJson(pack)).digest('hex');

/**
 * Builds the pack from each module's own read (limits, wallet) and the back office's audit chain,
 * checked from its first row at the time of export. Staff actions are listed oldest first, every
 * row of the window, with its hash and the hash it links to.
 */
export async function buildEvidencePack(db: Db, actor: StaffActor, query: EvidenceQuery, now = new Date()): Promise<EvidencePack> {
  const { start, end } = window(query);
  const rows = await db
    .select()
    .from(staffAudit)
    .where(and(gte(staffAudit.at, start), lt(staffAudit.at, end)))
    .orderBy(asc(staffAudit.seq));
  const entries = rows.map(auditEntryOf);
  const [verification, rg, withdrawals] = [await verifyAudit(db), await limitEvidence(db, start, end), await withdrawalMovements(db, start, end)];
  const content: Omit<EvidencePack, 'contentHash'> = {
    format: 'emerald-evidence-pack/1',
    generatedAt: now.toISOString(),
    generatedBy: actor.username,
    from: query.from,
    to: query.to,
    auditChain: { hashing: AUDIT_HASHING, verification, entries },
    limitChanges: rg.limits,
    locks: rg.locks,
    withdrawals,
  };
  return { ...content, contentHash: packContentHash(content) };
}
