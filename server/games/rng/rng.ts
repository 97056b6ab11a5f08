import { createCipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The game server's random numbers.
 *
 * - Raw output comes from a `ByteSource`: the operating system's CSPRNG (`node:crypto`) for seeds, and
 *   the provably fair HMAC-SHA256 stream for every game round, in free and real play alike.
 * - Raw output is read as big-endian 32-bit words. `randomInt(n)` maps words to [0, n) by rejection
 *   sampling: words at or above the largest multiple of n below 2^32 are thrown away and the next word
 *   is read, so every result is exactly equally likely (no modulo bias).
 * - Every raw block passes continuous health tests (a repetition count test on 32-bit words and an
 *   adaptive proportion test on bytes, after NIST SP 800-90B §4.4). A source that throws or fails a
 *   test latches the monitor into the failed state: from then on every draw throws `RngFailure` and
 *   callers must stop play. There is no fallback generator.
 */

/** The generator failed (source error or failed health test). Play must stop; never retry with another source. */
export class RngFailure extends Error {
  override readonly name = 'RngFailure';
}

/** What every engine takes: unbiased integers in [0, n). */
export interface RandomSource {
  /** A uniformly distributed integer in [0, n); n is an integer in [1, 2^32]. */
  randomInt(n: number): number;
}

/** A producer of raw random bytes. Blocks must be non-empty and a multiple of 4 bytes long. */
export interface ByteSource {
  nextBlock(): Uint8Array;
  /**
   * True for a stream computed from its inputs (the fair stream): the same round replayed — a
   * verification, a resumed step, the same nonce computed by two requests — gives the same blocks
   * again, which are the same output, not new output, and the health tests count each block once.
   */
  readonly replayable?: boolean;
}

const TWO_POW_32 = 2 ** 32;

// ---------------------------------------------------------------------------------------------
// Health tests
// ---------------------------------------------------------------------------------------------

/**
 * Repetition count test on 32-bit words. With full entropy per word (H = 32) and a false-alarm
 * probability α = 2^-64, SP 800-90B's cutoff is C = 1 + ⌈64 / 32⌉ = 3: three equal words in a row fail.
 */
export const REPETITION_CUTOFF = 3;
/** Adaptive proportion test on bytes: window of 512 bytes (SP 800-90B for non-binary samples). */
export const PROPORTION_WINDOW = 512;
/**
 * Cutoff for the adaptive proportion test: the first byte of a window occurring this many times in the
 * window fails. 1 + Binomial(511, 1/256) reaches 20 with probability below 2^-40.
 */
export const PROPORTION_CUTOFF = 20;
/** How many tested blocks of replayable sources a monitor remembers (32 bytes each). */
const REPLAYED_BLOCKS_KEPT = 50_000;

export interface RngHealthStatus {
  healthy: boolean;
  /** Why the monitor failed (only when unhealthy). */
  reason?: string;
  /** Raw bytes inspected so far. */
  bytesTested: number;
}

/**
 * Continuous health tests over everything a generator emits. Failure is permanent for this monitor:
 * a process whose generator failed must be investigated and restarted, not retried.
 */
export class HealthMonitor {
  private failure: string | undefined;
  private bytesTested = 0;
  private lastWord = -1;
  private repeats = 0;
  private aptValue = -1;
  private aptCount = 0;
  private aptSeen = 0;
  /** Replayable blocks already tested (their bytes, hex), oldest first; bounded. */
  private readonly replayed = new Set<string>();

  get healthy(): boolean {
    return this.failure === undefined;
  }

  status(): RngHealthStatus {
    return this.failure === undefined
      ? { healthy: true, bytesTested: this.bytesTested }
      : { healthy: false, reason: this.failure, bytesTested: this.bytesTested };
  }

  /** Throws `RngFailure` when the monitor has failed. */
  assertHealthy(): void {
    if (this.failure !== undefined) throw new RngFailure(`RNG unhealthy: ${this.failure}`);
  }

  /** Latch the failed state and throw. */
  fail(reason: string): never {
    if (this.failure === undefined) this.failure = reason;
    throw new RngFailure(`RNG unhealthy: ${this.failure}`);
  }

  /**
   * Run both tests over a raw block; throws `RngFailure` (and stays failed) when one fails. A
   * block of a replayable source that was already tested is not tested again: fed twice, a
   * recomputed round would look like a generator repeating itself.
   */
  observe(block: Uint8Array, source: { replayable?: boolean } = {}): void {
    this.assertHealthy();
    if (source.replayable && this.alreadyTested(block)) return;
    for (let i = 0; i + 3 < block.length; i += 4) {
      const word = ((block[i]! << 24) | (block[i + 1]! << 16) | (block[i + 2]! << 8) | block[i + 3]!) >>> 0;
      if (word === this.lastWord) {
        this.repeats += 1;
        if (this.repeats >= REPETITION_CUTOFF) this.fail(`repetition count test: word ${word} repeated ${this.repeats} times`);
      } else {
        this.lastWord = word;
        this.repeats = 1;
      }
    }
    for (let i = 0; i < block.length; i++) {
      const byte = block[i]!;
      if (this.aptSeen === 0) {
        this.aptValue = byte;
        this.aptCount = 1;
      } else if (byte === this.aptValue) {
        this.aptCount += 1;
        if (this.aptCount >= PROPORTION_CUTOFF) {
          this.fail(`adaptive proportion test: byte ${byte} seen ${this.aptCount} times in a window of ${PROPORTION_WINDOW}`);
        }
      }
      this.aptSeen += 1;
      if (this.aptSeen === PROPORTION_WINDOW) this.aptSeen = 0;
    }
    this.bytesTested += block.length;
  }

  private alreadyTested(block: Uint8Array): boolean {
    const key = Buffer.from(block.buffer, block.byteOffset, block.byteLength).toString('hex');
    if (this.replayed.has(key)) return true;
    this.replayed.add(key);
    if (this.replayed.size > REPLAYED_BLOCKS_KEPT) {
      const oldest = this.replayed.values().next();
      if (!oldest.done) this.replayed.delete(oldest.value);
    }
    return false;
  }
}

/** The process-wide monitor. The game server checks `rngHealth.healthy` before accepting any play. */
export const rngHealth = new HealthMonitor();

// ---------------------------------------------------------------------------------------------
// Generator over a byte source
// ---------------------------------------------------------------------------------------------

/** A `RandomSource` over raw blocks, with health tests on every block and rejection sampling. */
export class Rng implements RandomSource {
  private block: Uint8Array = new Uint8Array(0);
  private offset = 0;
  private consumed = 0;

  constructor(
    private readonly source: ByteSource,
    private readonly health: HealthMonitor = rngHealth,
  ) {}

  /** 32-bit words read so far (accepted and rejected). */
  get wordsConsumed(): number {
    return this.consumed;
  }

  /** The next raw 32-bit word. Throws `RngFailure` when the source or the health tests fail. */
  nextUint32(): number {
    this.health.assertHealthy();
    if (this.offset + 4 > this.block.length) this.refill();
    const b = this.block;
    const i = this.offset;
    this.offset = i + 4;
    this.consumed += 1;
    return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
  }

  randomInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`randomInt: n must be an integer in [1, 2^32], got ${n}`);
    if (n === 1) return 0;
    // Largest multiple of n that fits in 32 bits; words at or above it are rejected.
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const word = this.nextUint32();
      if (word < limit) return word % n;
    }
  }

  private refill(): void {
    let block: Uint8Array;
    try {
      block = this.source.nextBlock();
    } catch (error) {
      this.health.fail(`source failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!(block instanceof Uint8Array) || block.length === 0 || block.length % 4 !== 0) {
      this.health.fail('source returned a malformed block');
    }
    this.health.observe(block, this.source);
    this.block = block;
    this.offset = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------------------------

/** The operating system's CSPRNG through node:crypto. */
export class CryptoByteSource implements ByteSource {
  constructor(private readonly blockSize = 4096) {}
  nextBlock(): Uint8Array {
    return randomBytes(this.blockSize);
  }
}

/**
 * A reproducible keystream (AES-256-CTR of zeros under a key derived from `seed`) for long
 * simulations that must be repeatable and fast, such as the blackjack house-edge run. Never used for
 * play: rounds always draw from the fair stream.
 */
export class SimulationByteSource implements ByteSource {
  private readonly cipher;
  private readonly zeros = new Uint8Array(1 << 16);
  constructor(seed: string) {
    const key = createHash('sha256').update(`simulation:${seed}`).digest();
    this.cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  }
  nextBlock(): Uint8Array {
    return this.cipher.update(this.zeros);
  }
}

/** The process's CSPRNG generator, used for seeds and wherever a round is not being played. */
export const cryptoRandom = new Rng(new CryptoByteSource());

/** The inputs that fix a round's numbers. */
export interface FairSeeds {
  /** 64 hex characters (32 bytes), secret until the player rotates seeds. */
  serverSeed: string;
  /** Chosen by the player (or defaulted); any string without ':'. */
  clientSeed: string;
  /** The round counter under this server seed, starting at 0. */
  nonce: number;
}

/**
 * The provably fair stream: block `cursor` (0, 1, 2, …) is
 * HMAC-SHA256(key = serverSeed bytes, message = `${clientSeed}:${nonce}:${cursor}`), 32 bytes read
 * as eight big-endian 32-bit words.
 */
export class FairByteSource implements ByteSource {
  readonly replayable = true;
  private readonly key: Buffer;
  private cursor: number;

  constructor(
    private readonly seeds: FairSeeds,
    startCursor = 0,
  ) {
    this.key = serverSeedBytes(seeds.serverSeed);
    if (seeds.clientSeed.includes(':')) throw new RangeError('clientSeed must not contain ":"');
    if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) throw new RangeError('nonce must be a non-negative integer');
    this.cursor = startCursor;
  }

  nextBlock(): Uint8Array {
    const block = fairBlock(this.key, this.seeds.clientSeed, this.seeds.nonce, this.cursor);
    this.cursor += 1;
    return block;
  }
}

/** One block of the fair stream; exported so that a verifier can recompute it by hand. */
export function fairBlock(key: Buffer, clientSeed: string, nonce: number, cursor: number): Uint8Array {
  return createHmac('sha256', key).update(`${clientSeed}:${nonce}:${cursor}`, 'utf8').digest();
}

const WORDS_PER_FAIR_BLOCK = 8;

/**
 * The `RandomSource` for a round: the fair stream for (serverSeed, clientSeed, nonce), under the
 * process-wide health monitor. `startWord` resumes a round part-way (the words a previous step used,
 * from `wordsConsumed`), so a round interrupted between steps replays exactly.
 */
export function fairSource(seeds: FairSeeds, options: { startWord?: number; health?: HealthMonitor } = {}): FairRandomSource {
  return new FairRandomSource(seeds, options.startWord ?? 0, options.health ?? rngHealth);
}

export class FairRandomSource implements RandomSource {
  private readonly rng: Rng;

  constructor(
    seeds: FairSeeds,
    private readonly startWord: number,
    health: HealthMonitor,
  ) {
    if (!Number.isSafeInteger(startWord) || startWord < 0) throw new RangeError('startWord must be a non-negative integer');
    const startCursor = Math.floor(startWord / WORDS_PER_FAIR_BLOCK);
    this.rng = new Rng(new FairByteSource(seeds, startCursor), health);
    for (let skip = startWord % WORDS_PER_FAIR_BLOCK; skip > 0; skip--) this.rng.nextUint32();
  }

  randomInt(n: number): number {
    return this.rng.randomInt(n);
  }

  nextUint32(): number {
    return this.rng.nextUint32();
  }

  /** Position in the stream in words, counted from the start of the round. */
  get wordsConsumed(): number {
    return this.startWord + this.rng.wordsConsumed - (this.startWord % WORDS_PER_FAIR_BLOCK);
  }
}

// ---------------------------------------------------------------------------------------------
// Commit and reveal
// ---------------------------------------------------------------------------------------------

export interface ServerSeedCommitment {
  /** Secret until revealed. */
  serverSeed: string;
  /** sha256(serverSeed bytes), shown to the player before the first round under this seed. */
  serverSeedHash: string;
}

const HEX_SEED = /^[0-9a-f]{64}$/;

function serverSeedBytes(serverSeed: string): Buffer {
  if (!HEX_SEED.test(serverSeed)) throw new RangeError('serverSeed must be 64 lower-case hex characters');
  return Buffer.from(serverSeed, 'hex');
}

function randomHex(bytes: number, source: Rng): string {
  let hex = '';
  for (let i = 0; i < bytes / 4; i++) hex += source.nextUint32().toString(16).padStart(8, '0');
  return hex;
}

/** The published commitment to a server seed: sha256 of its 32 bytes, in hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeedBytes(serverSeed)).digest('hex');
}

/** A fresh server seed (32 bytes from the CSPRNG) and its commitment. */
export function newServerSeed(source: Rng = cryptoRandom): ServerSeedCommitment {
  const serverSeed = randomHex(32, source);
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

/** A default client seed for players who do not choose one: 16 random bytes in hex. */
export function newClientSeed(source: Rng = cryptoRandom): string {
  return randomHex(16, source);
}

/** True when `serverSeed` is the seed committed to by `serverSeedHash`. */
export function verifyServerSeed(serverSeed: string, serverSeedHash: string): boolean {
  if (!HEX_SEED.test(serverSeed) || !HEX_SEED.test(serverSeedHash)) return false;
  return timingSafeEqual(Buffer.from(hashServerSeed(serverSeed), 'hex'), Buffer.from(serverSeedHash, 'hex'));
}

/**
 * Seed rotation: reveal the current server seed (so the player can verify every round played under
 * it) and commit to a new one; nonces start again at 0.
 */
export function rotateServerSeed(current: ServerSeedCommitment, source: Rng = cryptoRandom): { revealed: ServerSeedCommitment; next: ServerSeedCommitment } {
  return { revealed: current, next: newServerSeed(source) };
}

// ---------------------------------------------------------------------------------------------
// Helpers over any source
// ---------------------------------------------------------------------------------------------

/** A uniformly random element. */
export function pick<T>(source: RandomSource, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[source.randomInt(items.length)]!;
}

/**
 * A uniformly random permutation (Fisher–Yates, front to back: position i takes a uniformly chosen
 * element of positions i…n−1). Returns a new array.
 */
export function shuffle<T>(source: RandomSource, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = 0; i < out.length - 1; i++) {
    const j = i + source.randomInt(out.length - i);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/** A fixed list of results, for tests: each call returns the next value, which must be below n. */
export class ScriptedSource implements RandomSource {
  private index = 0;
  /** The n of every call, in order. */
  readonly requests: number[] = [];

  constructor(private readonly values: readonly number[]) {}

  randomInt(n: number): number {
    this.requests.push(n);
    if (this.index >= this.values.length) throw new Error(`ScriptedSource exhausted after ${this.values.length} values`);
    const value = this.values[this.index++]!;
    if (!Number.isInteger(value) || value < 0 || value >= n) throw new Error(`ScriptedSource value ${value} is not in [0, ${n})`);
    return value;
  }

  get remaining(): number {
    return this.values.length - this.index;
  }
}
