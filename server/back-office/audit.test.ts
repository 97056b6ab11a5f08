import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contracts/back-office/audit';
import { auditCsv, auditRowHash, GENESIS_HASH } from './audit';

const row = {
  seq: 1,
  at: new Date('2026-11-26T01:00:00.000Z'),
  staffId: '6f1c1d9e-0000-4000-8000-000000000001',
  staffUsername: 'bo.support',
  action: 'player.note',
  permission: 'players.note',
  subjectType: 'player',
  subjectId: '6f1c1d9e-0000-4000-8000-000000000002',
  detail: { noteId: 'n1', nested: { b: 2, a: 1 } },
  prevHash: GENESIS_HASH,
};

describe('audit chain hash', () => {
  it('does not depend on the order jsonb gives the detail keys', () => {
    expect(auditRowHash({ ...row, detail: { nested: { a: 1, b: 2 }, noteId: 'n1' } })).toBe(auditRowHash(row));
  });

  it('changes with any column, the previous hash included', () => {
    const base = auditRowHash(row);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    for (const changed of [
      { seq: 2 },
      { at: new Date('2026-11-26T01:00:00.001Z') },
      { staffUsername: 'bo.operator' },
      { action: 'player.lock' },
      { permission: null },
      { subjectId: null },
      { detail: { noteId: 'n2', nested: { a: 1, b: 2 } } },
      { prevHash: 'f'.repeat(64) },
    ]) {
      expect(auditRowHash({ ...row, ...changed }), JSON.stringify(changed)).not.toBe(base);
    }
  });
});

describe('audit CSV export', () => {
  const entry = (detail: Record<string, unknown>, action = 'player.note'): AuditEntry => ({
    ...row,
    at: row.at.toISOString(),
    permission: 'players.note',
    detail,
    action,
    hash: 'a'.repeat(64),
  });

  it('quotes cells with commas and quotes (RFC 4180)', () => {
    const csv = auditCsv([entry({ text: 'a, "b"\nc' })]);
    expect(csv.split('\r\n')[1]).toContain('"{""text"":""a, \\""b\\""\\nc""}"');
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    const csv = auditCsv([entry({}, '=HYPERLINK("http://example.test")')]);
    expect(csv).toContain(`"'=HYPERLINK(""http://example.test"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK/);
  });
});
