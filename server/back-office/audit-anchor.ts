import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { Gauge } from 'prom-client';
import { anchorSeed, type Config } from '../config/env';
import type { DatabaseDriver, Db } from '../db/database';
import { staffAuditHead } from '../db/schema';
import { auditLogger } from '../logging/module-loggers';
import { runBackgroundWork } from '../jobs/background-work';
import { metricsRegistry } from '../metrics/metrics';
import type { ServiceContext } from '../service-context';

/*
 * Anchoring the audit chain (issue 25, item 8; docs/security.md "Audit"). The hash chain alone
 * shows a changed row only to someone who cannot recompute the hashes: whoever can write the
 * database can rewrite every row and the head consistently, or cut the newest rows and move the
 * head back. So each node, every AUDIT_CHECKPOINT_INTERVAL_MS and on a clean shutdown, signs the
 * head it reads — `{seq, hash, at}` — with a key the database does not hold (AUDIT_ANCHOR_KEY, an
 * Ed25519 seed) and keeps the checkpoint twice outside the database: one JSON line appended
 * (O_APPEND, never rewritten) to a file of AUDIT_CHECKPOINT_DIR, and one info line of the audit
 * logger (module `audit`, a level no change can silence). `verifyAudit` checks every signature and
 * requires each anchored row to exist with exactly the anchored hash, and the chain to reach the
 * newest anchored row.
 */

/** One signed checkpoint as stored: a line of a checkpoint file, and the `checkpoint` of a log line. */
export interface AuditCheckpoint {
  /** The chain's last row number at `at`. */
  seq: number;
  /** That row's hash. */
  hash: string;
  /** When the head was read (ISO 8601, UTC). */
  at: string;
  /** The signing key's id: the first 16 hex digits of SHA-256 of its raw public key. */
  signer: string;
  /** Which node wrote it (host and process), for the operator; not signed. */
  node: string;
  /** Ed25519 signature of `checkpointMessage(seq, hash, at)`, base64. */
  sig: string;
}

/** A checkpoint whose signature was checked, and where it was read. */
export interface AnchoredHead {
  seq: number;
  hash: string;
  at: string;
  /** `<file>:<line>`. */
  where: string;
}

export interface CheckpointReading {
  /** Every checkpoint with a good signature, in file and line order. */
  checkpoints: AnchoredHead[];
  /** The first line that is not a checkpoint signed by this key, if any. */
  problem: string | null;
}

/** What is signed: a fixed prefix (the signature means nothing elsewhere), then the three facts. */
export function checkpointMessage(seq: number, hash: string, at: string): Buffer {
  return Buffer.from(`emerald-audit-checkpoint/1\n${seq}\n${hash}\n${at}`, 'utf8');
}

const FILE_PATTERN = /^audit-checkpoints-\d{4}-\d{2}-\d{2}\.jsonl$/;
const fileOf = (at: string) => `audit-checkpoints-${at.slice(0, 10)}.jsonl`;

/** The newest row number this process has anchored (one series per process). */
const checkpointSeqGauge = new Gauge({
  name: 'emerald_audit_checkpoint_seq',
  help: 'The audit chain row number of the newest signed checkpoint this process wrote (issue 25, item 8)',
  registers: [metricsRegistry],
});

export class AuditAnchor {
  readonly signer: string;
  /** The raw Ed25519 public key, base64: what a verifier needs, and nothing secret. */
  readonly publicKey: string;
  private readonly privateKey: KeyObject;
  private readonly verifyKey: KeyObject;
  private last: { seq: number; hash: string } | null = null;
  private pending: Promise<AuditCheckpoint | null> = Promise.resolve(null);

  constructor(
    seed: Buffer,
    readonly dir: string,
    private readonly logger: Logger,
  ) {
    // PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410).
    this.privateKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' });
    this.verifyKey = createPublicKey(this.privateKey);
    const raw = this.verifyKey.export({ format: 'der', type: 'spki' }).subarray(-32);
    this.publicKey = raw.toString('base64');
    this.signer = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  }

  /**
   * Signs the head as it is now and keeps the checkpoint: appended to today's file, then written to
   * the log. Nothing is written for an empty chain or a head that has not moved since this node's
   * last checkpoint. Calls are taken one after another, so a shutdown's waits for the timer's.
   */
  checkpoint(db: Db): Promise<AuditCheckpoint | null> {
    const next = this.pending.then(
      () => this.checkpointNow(db),
      () => this.checkpointNow(db),
    );
    this.pending = next.catch(() => null);
    return next;
  }

  private async checkpointNow(db: Db): Promise<AuditCheckpoint | null> {
    const [head] = await db.select().from(staffAuditHead).where(eq(staffAuditHead.id, 1));
    if (!head || head.lastSeq === 0) return null;
    if (this.last && this.last.seq === head.lastSeq && this.last.hash === head.lastHash) return null;
    const at = new Date().toISOString();
    const checkpoint: AuditCheckpoint = {
      seq: head.lastSeq,
      hash: head.lastHash,
      at,
      signer: this.signer,
      node: `${hostname()}:${process.pid}`,
      sig: sign(null, checkpointMessage(head.lastSeq, head.lastHash, at), this.privateKey).toString('base64'),
    };
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // 'a' is O_WRONLY | O_CREAT | O_APPEND: one write of one line, never a rewrite, whoever else appends.
    const file = await open(path.join(this.dir, fileOf(at)), 'a', 0o600);
    try {
      await file.write(`${JSON.stringify(checkpoint)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    this.last = { seq: head.lastSeq, hash: head.lastHash };
    this.logger.info({ checkpoint }, 'audit chain checkpoint');
    checkpointSeqGauge.set(head.lastSeq);
    return checkpoint;
  }

  /** Every checkpoint in the directory, each signature checked; the first bad line is the problem. */
  async read(): Promise<CheckpointReading> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((name) => FILE_PATTERN.test(name)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { checkpoints: [], problem: null };
      throw error;
    }
    const checkpoints: AnchoredHead[] = [];
    let problem: string | null = null;
    for (const name of names) {
      const lines = (await readFile(path.join(this.dir, name), 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (line.trim() === '') return;
        const where = `${name}:${index + 1}`;
        const checked = this.check(line);
        if (typeof checked === 'string') problem ??= `Checkpoint ${where} ${checked}`;
        else checkpoints.push({ ...checked, where });
      });
    }
    return { checkpoints, problem };
  }

  /** The line's checkpoint if this key signed exactly it, else what is wrong with it. */
  private check(line: string): { seq: number; hash: string; at: string } | string {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      return 'is not JSON';
    }
    const { seq, hash, at, signer, sig } = (parsed ?? {}) as Partial<Record<keyof AuditCheckpoint, unknown>>;
    if (
      typeof seq !== 'number' ||
      !Number.isSafeInteger(seq) ||
      seq < 1 ||
      typeof hash !== 'string' ||
      !/^[0-9a-f]{64}$/.test(hash) ||
      typeof at !== 'string' ||
      Number.isNaN(Date.parse(at)) ||
      typeof sig !== 'string'
    ) {
      return 'is not a checkpoint (seq, hash, at, sig)';
    }
    if (signer !== this.signer) return `was signed by another key (${String(signer)}), not this anchor key (${this.signer})`;
    if (!verify(null, checkpointMessage(seq, hash, at), this.verifyKey, Buffer.from(sig, 'base64')))
      return `(row ${seq}) has a bad signature: it was changed or forged`;
    return { seq, hash, at };
  }
}

/**
 * The node's anchor: AUDIT_ANCHOR_KEY; else, on the embedded database outside tests, a key generated
 * once into DATA_DIR/audit-anchor.key (mode 0600, beside the database's own directory, not in it);
 * else none, said in a warning. The key itself is never logged.
 */
export async function openAuditAnchor(config: Config, driver: DatabaseDriver, logger: Logger): Promise<AuditAnchor | null> {
  const log = auditLogger(logger);
  if (config.AUDIT_ANCHOR_KEY) {
    const anchor = new AuditAnchor(anchorSeed(config.AUDIT_ANCHOR_KEY)!, config.auditCheckpointDir, log);
    log.info({ signer: anchor.signer, publicKey: anchor.publicKey, checkpointDir: anchor.dir }, 'audit chain anchored with AUDIT_ANCHOR_KEY');
    return anchor;
  }
  if (driver !== 'pglite' || config.NODE_ENV === 'test') {
    if (config.NODE_ENV !== 'test')
      log.warn('audit chain not anchored: set AUDIT_ANCHOR_KEY, or a rewrite of the audit table by whoever can write the database goes undetected');
    return null;
  }
  const keyFile = path.join(config.dataDir, 'audit-anchor.key');
  let seed: Buffer | undefined;
  try {
    seed = anchorSeed(await readFile(keyFile, 'utf8'));
    if (!seed) throw new Error(`${keyFile} does not hold an audit anchor key (64 hex digits)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(config.dataDir, { recursive: true });
    const generated = randomBytes(32);
    try {
      // 'wx': created here or not at all, so two processes starting together cannot overwrite each other's key.
      const file = await open(keyFile, 'wx', 0o600);
      try {
        await file.write(`${generated.toString('hex')}\n`);
        await file.sync();
      } finally {
        await file.close();
      }
      seed = generated;
      log.info(
        { keyFile },
        'generated an audit anchor key for the embedded database (file mode 0600); set AUDIT_ANCHOR_KEY and keep the key away from the database host for real use',
      );
    } catch (raced) {
      if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      seed = anchorSeed(await readFile(keyFile, 'utf8'));
      if (!seed) throw new Error(`${keyFile} does not hold an audit anchor key (64 hex digits)`, { cause: raced });
    }
  }
  const anchor = new AuditAnchor(seed, config.auditCheckpointDir, log);
  log.info({ signer: anchor.signer, publicKey: anchor.publicKey, checkpointDir: anchor.dir, keyFile }, 'audit chain anchored with the key file');
  return anchor;
}

/** Each database's anchor on this node, for the verifier and for a checkpoint asked for by a test or a service. */
const anchors = new WeakMap<Db, AuditAnchor>();

/** The anchor this node signs the chain of `db` with, if any. */
export function auditAnchorOf(db: Db): AuditAnchor | undefined {
  return anchors.get(db);
}

/** A checkpoint now, by the node's anchor of `db` (null: no anchor, an empty chain or an unmoved head). */
export async function checkpointAuditChain(db: Db): Promise<AuditCheckpoint | null> {
  return (await auditAnchorOf(db)?.checkpoint(db)) ?? null;
}

/**
 * Opens the node's anchor for the back office's database, checkpoints every
 * AUDIT_CHECKPOINT_INTERVAL_MS, and once more when the server closes (before the database does).
 */
export const auditAnchorRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, driver } = context.database;
    const anchor = await openAuditAnchor(context.config, driver, context.logger);
    if (!anchor) return;
    anchors.set(db, anchor);
    const failed = (error: unknown) => auditLogger(context.logger).error({ err: error }, 'audit chain checkpoint failed');
    // The timer and the last checkpoint at close are background work: an api node signs none.
    runBackgroundWork(app, context, () => {
      const timer = setInterval(() => void anchor.checkpoint(db).catch(failed), context.config.AUDIT_CHECKPOINT_INTERVAL_MS);
      timer.unref();
      return {
        async stop() {
          clearInterval(timer);
          await anchor.checkpoint(db).catch(failed);
        },
      };
    });
  };
