import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { createLogger } from '../logging/logger';
import { checkpointMessage, openAuditAnchor } from './audit-anchor';

function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger(
    { LOG_LEVEL: 'info', logFormat: 'json' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  return { logger, text: () => lines.join('') };
}

describe('the audit anchor key', () => {
  it('on the embedded database without AUDIT_ANCHOR_KEY, is generated once into the data directory (0600), said in a log line without the key', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'emerald-anchor-key-'));
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }, '/');
    const first = capturingLogger();
    const anchor = await openAuditAnchor(config, 'pglite', first.logger);
    const keyFile = path.join(dataDir, 'audit-anchor.key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const key = (await readFile(keyFile, 'utf8')).trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(first.text()).toContain('generated an audit anchor key');
    expect(first.text()).toContain(keyFile);
    expect(first.text()).not.toContain(key);
    expect(anchor!.dir).toBe(path.join(dataDir, 'audit-checkpoints'));

    // The next start reads the same key: the same signer, no new key.
    const second = capturingLogger();
    const again = await openAuditAnchor(config, 'pglite', second.logger);
    expect(again!.signer).toBe(anchor!.signer);
    expect(second.text()).not.toContain('generated');
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(key);
  });

  it('is never generated for PostgreSQL or in tests: without a key the chain is not anchored (and a warning says so outside tests)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'emerald-anchor-none-'));
    const log = capturingLogger();
    expect(await openAuditAnchor(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }, '/'), 'postgres', log.logger)).toBeNull();
    expect(log.text()).toContain('audit chain not anchored');
    expect(await openAuditAnchor(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }, '/'), 'pglite', log.logger)).toBeNull();
    await expect(stat(path.join(dataDir, 'audit-anchor.key'))).rejects.toThrow();
  });

  it('signs a message naming the row, its hash and the time behind a fixed prefix', () => {
    expect(checkpointMessage(7, 'a'.repeat(64), '2026-01-01T00:00:00.000Z').toString()).toBe(
      `emerald-audit-checkpoint/1\n7\n${'a'.repeat(64)}\n2026-01-01T00:00:00.000Z`,
    );
  });
});
