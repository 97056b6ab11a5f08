import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidencePackSchema, type EvidencePack } from '../../contracts/back-office/evidence';
import { auditRowHash, canonicalJson } from '../../server/back-office/audit';
import { staffAudit, staffMember } from '../../server/db/schema';
import { changeLimit } from '../../server/platform/limits';
import { inTransaction } from '../../server/db/transaction';
import { reserveWithdrawal } from '../../server/platform/wallet';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The time-boxed, read-only auditor's evidence pack (issue 15; NS-28, OPS-14): limit changes, locks,
 * withdrawals and staff actions with the audit chain's hashes, in one download; the export audited;
 * nothing once the auditor's access has ended.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { call, passwordOnly, signIn } = staffApi(() => server);

const today = () => new Date().toISOString().slice(0, 10);
const setExpiry = (at: Date | null) => server.db.update(staffMember).set({ accessExpiresAt: at }).where(eq(staffMember.username, 'bo.auditor'));

describe("the auditor's evidence pack", () => {
  let auditor: string;
  let playerId: string;
  let paymentId: string;

  beforeAll(async () => {
    // The auditor's access is time-boxed: it ends tomorrow.
    await setExpiry(new Date(Date.now() + 86_400_000));
    auditor = await signIn('bo.auditor');
    const operator = await signIn('bo.operator');
    playerId = (await server.createSignedInPlayer({ currencies: ['EUR'] })).partyId;
    await server.fundPlayer(playerId, 10_000n);
    await changeLimit(server.db, server.context.limits.settings, { playerId, limitType: 'DEPOSIT_LIMIT', periodType: 'Daily', currency: 'EUR', value: 5_000n });
    const lock = await call('POST', `/bo/players/${playerId}/locks`, operator, {
      lockType: 'TIMEOUT',
      lockPeriodUnit: 'WEEK',
      lockPeriod: 1,
      reason: 'Asked for a break on the phone',
    });
    expect(lock.status).toBe(200);
    paymentId = randomUUID();
    await inTransaction(server.db, (tx) => reserveWithdrawal(tx, { paymentId, playerId, currency: 'EUR', amount: 2_500n }));
  });

  it('OPS-14 NS-28 holds the limit change, the lock, the withdrawal and the staff action, with hashes that recompute and a chain that verifies', async () => {
    const response = await call('GET', `/bo/evidence/export?from=${today()}&to=${today()}`, auditor);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`attachment; filename="evidence-pack-${today()}-${today()}.json"`);
    const pack: EvidencePack = evidencePackSchema.parse(await response.json());

    expect(pack.generatedBy).toBe('bo.auditor');
    expect(pack.limitChanges).toContainEqual(
      expect.objectContaining({ playerId, limitType: 'DEPOSIT_LIMIT', periodType: 'Daily', currency: 'EUR', amount: '5000' }),
    );
    expect(pack.locks).toContainEqual(expect.objectContaining({ playerId, lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 }));
    expect(pack.withdrawals).toContainEqual(
      expect.objectContaining({ playerId, kind: 'WITHDRAWAL_RESERVE', currency: 'EUR', amount: '2500', reference: paymentId }),
    );
    const lockAction = pack.auditChain.entries.find((entry) => entry.subjectId === playerId && entry.staffUsername === 'bo.operator');
    expect(lockAction).toBeDefined();

    // A regulator's check: every row's hash recomputes from its content, each links to the one before.
    expect(pack.auditChain.verification.valid).toBe(true);
    expect(pack.auditChain.entries.length).toBeGreaterThan(0);
    for (const [index, entry] of pack.auditChain.entries.entries()) {
      const { hash, ...content } = entry;
      expect(auditRowHash({ ...content, at: new Date(content.at) })).toBe(hash);
      if (index > 0) expect(entry.prevHash).toBe(pack.auditChain.entries[index - 1]!.hash);
    }
    expect(pack.auditChain.entries.at(-1)!.hash).toBe(pack.auditChain.verification.headHash);
    const { contentHash, ...content } = pack;
    expect(createHash('sha256').update(canonicalJson(content)).digest('hex')).toBe(contentHash);

    // The export is itself a staff action, naming the pack's hash.
    const [exported] = await server.db.select().from(staffAudit).where(eq(staffAudit.action, 'evidence.export'));
    expect(exported).toMatchObject({
      staffUsername: 'bo.auditor',
      permission: 'audit.read',
      detail: { from: today(), to: today(), contentHash, locks: pack.locks.length, withdrawals: pack.withdrawals.length },
    });
  });

  it('OPS-14 a changed audit row shows in the next pack: its hash no longer recomputes', async () => {
    const first = evidencePackSchema.parse(await (await call('GET', `/bo/evidence/export?from=${today()}&to=${today()}`, auditor)).json());
    const lockAction = first.auditChain.entries.find((entry) => entry.subjectId === playerId)!;
    // Someone with database access rewrites the reason; the append-only trigger has to be set aside to do it.
    await inTransaction(server.db, async (tx) => {
      await tx.execute('alter table staff_audit disable trigger staff_audit_no_change');
      await tx
        .update(staffAudit)
        .set({ detail: { ...lockAction.detail, reason: 'Nothing to see' } })
        .where(eq(staffAudit.seq, lockAction.seq));
      await tx.execute('alter table staff_audit enable trigger staff_audit_no_change');
    });
    try {
      const second = evidencePackSchema.parse(await (await call('GET', `/bo/evidence/export?from=${today()}&to=${today()}`, auditor)).json());
      expect(second.auditChain.verification).toMatchObject({ valid: false, brokenAt: lockAction.seq });
      const changed = second.auditChain.entries.find((entry) => entry.seq === lockAction.seq)!;
      const { hash, ...content } = changed;
      expect(auditRowHash({ ...content, at: new Date(content.at) })).not.toBe(hash);
    } finally {
      await inTransaction(server.db, async (tx) => {
        await tx.execute('alter table staff_audit disable trigger staff_audit_no_change');
        await tx.update(staffAudit).set({ detail: lockAction.detail }).where(eq(staffAudit.seq, lockAction.seq));
        await tx.execute('alter table staff_audit enable trigger staff_audit_no_change');
      });
    }
  });

  it('NS-28 a player, a forged session, staff without audit.read or without two-factor get 401 or 403; bad dates 400 naming the field, recording nothing', async () => {
    const pathName = `/bo/evidence/export?from=${today()}&to=${today()}`;
    const playerCookie = (await server.createSignedInPlayer()).cookie;
    expect((await call('GET', pathName, null)).status).toBe(401);
    expect((await call('GET', pathName, playerCookie)).status).toBe(401);
    expect((await call('GET', pathName, 'BO_SESSION=forged-token')).status).toBe(401);
    expect((await call('GET', pathName, await signIn('bo.support'))).status).toBe(403);
    expect((await call('GET', pathName, await passwordOnly('bo.payments'))).status).toBe(403);
    const before = (await server.db.select().from(staffAudit)).length;
    for (const [query, field] of [
      ['from=2026-02-30&to=2026-03-01', 'from'],
      [`from=${today()}&to=soon`, 'to'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
    ] as const) {
      const response = await call('GET', `/bo/evidence/export?${query}`, auditor);
      expect(response.status, query).toBe(400);
      expect(
        ((await response.json()) as { errors: { field: string }[] }).errors.map((error) => error.field),
        query,
      ).toContain(field);
    }
    expect((await server.db.select().from(staffAudit)).length).toBe(before);
  });

  it("NS-28 once the auditor's access has ended, the same session gets 403 on the pack and on every other operation", async () => {
    await setExpiry(new Date(Date.now() - 1_000));
    try {
      for (const pathName of [
        `/bo/evidence/export?from=${today()}&to=${today()}`,
        '/bo/audit',
        '/bo/audit/verify',
        `/bo/reports/daily?from=${today()}&to=${today()}`,
        `/bo/players?q=player`,
      ]) {
        const response = await call('GET', pathName, auditor);
        expect(response.status, pathName).toBe(403);
      }
    } finally {
      await setExpiry(null);
    }
  });
});
