import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditVerifyResponseSchema, type AuditEntry, type AuditVerification } from '../../contracts/back-office/audit';
import { appendAudit, auditRowHash, GENESIS_HASH, verifyAudit } from '../../server/back-office/audit';
import { checkpointAuditChain, type AuditCheckpoint } from '../../server/back-office/audit-anchor';
import { inTransaction } from '../../server/db/transaction';
import { staffAudit, staffAuditHead } from '../../server/db/schema';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Anchoring the audit chain (issue 25, item 8; docs/security.md "Audit"): checkpoints of the chain's
 * head, signed with a key the database does not hold and kept in an append-only file (and the log),
 * let `/bo/audit/verify` catch what the hash chain alone cannot — a chain rewritten with every hash
 * recomputed, and the newest rows cut with the head moved back — and a tampered checkpoint.
 */

const anchorKey = randomBytes(32).toString('hex');
let server: TestServer;
let checkpointDir: string;
const api = staffApi(() => server);
let operator: string;
let auditor: string;

async function verified(): Promise<AuditVerification> {
  const response = await api.call('GET', '/bo/audit/verify', auditor);
  expect(response.status).toBe(200);
  return auditVerifyResponseSchema.parse(await response.json());
}

async function auditRows() {
  return server.db.select().from(staffAudit).orderBy(asc(staffAudit.seq));
}

async function checkpointFiles(): Promise<string[]> {
  return (await readdir(checkpointDir)).map((name) => path.join(checkpointDir, name)).sort();
}

async function checkpointLines(): Promise<AuditCheckpoint[]> {
  const lines: AuditCheckpoint[] = [];
  for (const file of await checkpointFiles()) {
    for (const line of (await readFile(file, 'utf8')).split('\n')) if (line) lines.push(JSON.parse(line) as AuditCheckpoint);
  }
  return lines;
}

/** What an attacker who owns the database does first: the append-only trigger off. */
async function asDatabaseOwner(work: () => Promise<void>): Promise<void> {
  await server.db.execute(sql`ALTER TABLE staff_audit DISABLE TRIGGER staff_audit_no_change`);
  try {
    await work();
  } finally {
    await server.db.execute(sql`ALTER TABLE staff_audit ENABLE TRIGGER staff_audit_no_change`);
  }
}

/** Writes these rows back as they were, and the head with them (to mend the chain between attacks). */
async function restore(rows: (typeof staffAudit.$inferSelect)[]): Promise<void> {
  await asDatabaseOwner(async () => {
    for (const row of rows) await server.db.update(staffAudit).set(row).where(eq(staffAudit.seq, row.seq));
    const last = rows[rows.length - 1]!;
    await server.db.update(staffAuditHead).set({ lastSeq: last.seq, lastHash: last.hash }).where(eq(staffAuditHead.id, 1));
  });
}

beforeAll(async () => {
  checkpointDir = path.join(await mkdtemp(path.join(tmpdir(), 'emerald-audit-anchor-')), 'checkpoints');
  // The timer is pushed out of the way: the test asks for each checkpoint itself.
  server = await startTestServer(
    { AUDIT_ANCHOR_KEY: anchorKey, AUDIT_CHECKPOINT_DIR: checkpointDir, AUDIT_CHECKPOINT_INTERVAL_MS: '86400000' },
    { captureLogs: true, captureLogLevel: 'info' },
  );
  operator = await api.signIn('bo.operator');
  auditor = await api.signIn('bo.auditor');
  const { partyId } = await server.createSignedInPlayer();
  for (const body of ['Called about a deposit', 'Asked for a limit', 'Wants to close the account']) {
    expect((await api.call('POST', `/bo/players/${partyId}/notes`, operator, { body })).status).toBe(200);
  }
}, 120_000);
afterAll(() => server?.close());

describe('audit chain anchoring (issue 25, item 8)', () => {
  it('a checkpoint signs the head into an append-only file and the log, once per move of the head', async () => {
    const rows = await auditRows();
    const head = rows[rows.length - 1]!;
    const checkpoint = await checkpointAuditChain(server.db);
    expect(checkpoint).toMatchObject({ seq: head.seq, hash: head.hash });
    // The head has not moved: nothing more is written.
    expect(await checkpointAuditChain(server.db)).toBeNull();
    const files = await checkpointFiles();
    expect(files).toHaveLength(1);
    expect(path.basename(files[0]!)).toMatch(/^audit-checkpoints-\d{4}-\d{2}-\d{2}\.jsonl$/);
    expect((await stat(files[0]!)).mode & 0o777).toBe(0o600);
    expect(await checkpointLines()).toEqual([checkpoint]);

    // The log stream is the second copy, signature and all; the key is in neither.
    const logged = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('"audit chain checkpoint"'))
      .map((line) => JSON.parse(line) as { module: string; checkpoint: AuditCheckpoint });
    expect(logged.at(-1)).toMatchObject({ module: 'audit', checkpoint });
    // And the metrics say how far this node has anchored.
    const admin = await server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    const metrics = await (await fetch(`${server.url}/management/prometheus`, { headers: { cookie: admin.cookie } })).text();
    expect(metrics).toContain(`emerald_audit_checkpoint_seq ${head.seq}`);
    expect(server.logs()).not.toContain(anchorKey);
    expect(await readFile(files[0]!, 'utf8')).not.toContain(anchorKey);
  });

  it('(d) an untouched chain verifies, with its checkpoints counted and the newest anchored row named', async () => {
    const rows = await auditRows();
    const answer = await verified();
    expect(answer).toMatchObject({
      valid: true,
      brokenAt: null,
      problem: null,
      entries: rows.length,
      anchored: true,
      checkpoints: 1,
      anchoredSeq: rows[rows.length - 1]!.seq,
    });
    // A new action moves the head: the next checkpoint anchors it too.
    expect((await api.call('GET', '/bo/audit/export', operator)).status).toBe(200);
    const moved = await checkpointAuditChain(server.db);
    expect(moved!.seq).toBe(rows.length + 1);
    expect(await verified()).toMatchObject({ valid: true, checkpoints: 2, anchoredSeq: rows.length + 1 });
  });

  it('(e) the verification needs a staff session with the audit permission', async () => {
    expect((await api.call('GET', '/bo/audit/verify', null)).status).toBe(401);
    const support = await api.signIn('bo.support');
    expect((await api.call('GET', '/bo/audit/verify', support)).status).toBe(403);
  });

  it('(c) a checkpoint line changed in its file fails its signature, and the chain is reported invalid', async () => {
    const [file] = await checkpointFiles();
    const original = await readFile(file!, 'utf8');
    const lines = original.split('\n');
    const first = JSON.parse(lines[0]!) as AuditCheckpoint;
    lines[0] = JSON.stringify({ ...first, hash: 'f'.repeat(64) });
    await writeFile(file!, lines.join('\n'));
    const answer = await verified();
    expect(answer.valid).toBe(false);
    expect(answer.problem).toContain(`${path.basename(file!)}:1`);
    expect(answer.problem).toContain('bad signature');
    // The other checkpoint still counts; the forged one does not.
    expect(answer.checkpoints).toBe(1);
    await writeFile(file!, original);
    expect((await verified()).valid).toBe(true);
  });

  it('(a) a chain rewritten with every hash recomputed still links, but not to the signed checkpoint', async () => {
    const rows = await auditRows();
    const target = rows.find((row) => row.action === 'player.note')!;
    const [checkpoint] = await checkpointLines();
    expect(target.seq).toBeLessThanOrEqual(checkpoint!.seq);
    await asDatabaseOwner(async () => {
      // Change a note's record, then recompute every hash from there on and move the head to match.
      let previous = target.seq === 1 ? GENESIS_HASH : rows[target.seq - 2]!.hash;
      for (const row of rows.filter((candidate) => candidate.seq >= target.seq)) {
        const content = { ...row, prevHash: previous, detail: row.seq === target.seq ? { ...row.detail, rewritten: true } : row.detail };
        const { hash: _old, ...unhashed } = content;
        const hash = auditRowHash(unhashed);
        await server.db.update(staffAudit).set({ detail: content.detail, prevHash: previous, hash }).where(eq(staffAudit.seq, row.seq));
        previous = hash;
      }
      await server.db.update(staffAuditHead).set({ lastHash: previous }).where(eq(staffAuditHead.id, 1));
    });
    // The hash chain alone is fooled: this is what the verifier answered before the anchoring.
    expect(await verifyAudit(server.db, null)).toMatchObject({ valid: true, anchored: false });
    const answer = await verified();
    expect(answer).toMatchObject({ valid: false, brokenAt: checkpoint!.seq });
    expect(answer.problem).toContain('checkpoint audit-checkpoints-');
    expect(answer.problem).toContain(checkpoint!.at);
    expect(answer.problem).toContain('rewritten');
    await restore(rows);
    expect((await verified()).valid).toBe(true);
  });

  it('(b) the newest rows cut and the head moved back: the chain ends before the newest checkpoint', async () => {
    const rows = await auditRows();
    const checkpoints = await checkpointLines();
    const newest = checkpoints.at(-1)!;
    // The attacker keeps the chain up to two rows before the newest anchored one.
    const kept = rows.find((row) => row.seq === newest.seq - 2)!;
    await asDatabaseOwner(async () => {
      await server.db.delete(staffAudit).where(gt(staffAudit.seq, kept.seq));
      await server.db.update(staffAuditHead).set({ lastSeq: kept.seq, lastHash: kept.hash }).where(eq(staffAuditHead.id, 1));
    });
    expect(await verifyAudit(server.db, null)).toMatchObject({ valid: true, entries: kept.seq });
    const answer = await verified();
    expect(answer).toMatchObject({ valid: false, entries: kept.seq, brokenAt: kept.seq + 1, anchoredSeq: newest.seq });
    expect(answer.problem).toContain(`signed row ${newest.seq}, but the chain ends at row ${kept.seq}`);

    // New rows written over the cut do not mend it: the anchored row's hash is not theirs.
    await inTransaction(server.db, async (tx) => {
      for (let index = 0; index < 3; index += 1)
        await appendAudit(
          tx,
          { staffId: null, username: 'intruder' },
          { action: 'player.note', permission: null, subjectType: null, subjectId: null, detail: { index } },
        );
    });
    const over = await verified();
    const firstAnchoredAfterCut = Math.min(...checkpoints.filter((checkpoint) => checkpoint.seq > kept.seq).map((checkpoint) => checkpoint.seq));
    expect(over).toMatchObject({ valid: false, brokenAt: firstAnchoredAfterCut });
    expect(over.problem).toContain('rewritten after it was anchored');
  });
});

describe('the anchor key and the shutdown checkpoint', () => {
  it('the key is masked in the operations views and the metrics; a clean shutdown checkpoints the moved head', async () => {
    const key = randomBytes(32).toString('base64');
    const dir = await mkdtemp(path.join(tmpdir(), 'emerald-audit-anchor-close-'));
    const node = await startTestServer({ AUDIT_ANCHOR_KEY: key, AUDIT_CHECKPOINT_DIR: dir, AUDIT_CHECKPOINT_INTERVAL_MS: '86400000' });
    let appended: AuditEntry | undefined;
    try {
      const admin = await node.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
      for (const view of ['/management/env', '/management/configprops', '/management/prometheus']) {
        const response = await fetch(`${node.url}${view}`, { headers: { cookie: admin.cookie } });
        expect(response.status, view).toBe(200);
        const text = await response.text();
        expect(text, view).not.toContain(key);
        expect(text, view).not.toContain(Buffer.from(key, 'base64').toString('hex'));
      }
      appended = await inTransaction(node.db, (tx) =>
        appendAudit(tx, { staffId: null, username: 'system' }, { action: 'player.note', permission: null, subjectType: null, subjectId: null, detail: {} }),
      );
    } finally {
      await node.close();
    }
    const [head] = await readdir(dir);
    const lines = (await readFile(path.join(dir, head!), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ seq: appended!.seq, hash: appended!.hash, sig: expect.any(String) as string });
  });
});
