import { createHash, createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ByteSource,
  CryptoByteSource,
  HealthMonitor,
  PROPORTION_CUTOFF,
  Rng,
  RngFailure,
  ScriptedSource,
  cryptoRandom,
  fairSource,
  hashServerSeed,
  newClientSeed,
  newServerSeed,
  pick,
  rotateServerSeed,
  shuffle,
  verifyServerSeed,
} from './rng';

const SEEDS = { serverSeed: 'a'.repeat(64), clientSeed: 'player-chosen', nonce: 7 };

/** Words as a byte source: for exercising the scaling and the health tests. */
class WordSource implements ByteSource {
  private i = 0;
  constructor(private readonly words: readonly number[]) {}
  nextBlock(): Uint8Array {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(this.words[this.i++ % this.words.length]!, 0);
    return out;
  }
}

function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe('fair stream', () => {
  it('is HMAC-SHA256(serverSeed, "clientSeed:nonce:cursor") read as big-endian words', () => {
    const source = fairSource(SEEDS, { health: new HealthMonitor() });
    const key = Buffer.from(SEEDS.serverSeed, 'hex');
    const expected: number[] = [];
    for (let cursor = 0; cursor < 2; cursor++) {
      const block = createHmac('sha256', key).update(`player-chosen:7:${cursor}`).digest();
      for (let i = 0; i < 32; i += 4) expected.push(block.readUInt32BE(i));
    }
    expect(Array.from({ length: 16 }, () => source.nextUint32())).toEqual(expected);
    expect(source.wordsConsumed).toBe(16);
  });

  it('replays a round exactly from (serverSeed, clientSeed, nonce) and differs for another nonce', () => {
    const draw = (nonce: number): number[] => {
      const source = fairSource({ ...SEEDS, nonce }, { health: new HealthMonitor() });
      return Array.from({ length: 50 }, (_, i) => source.randomInt(2 + i));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(8)).not.toEqual(draw(7));
  });

  it('resumes part-way through a round at the recorded word position', () => {
    const whole = fairSource(SEEDS, { health: new HealthMonitor() });
    const first = Array.from({ length: 13 }, () => whole.randomInt(1000));
    const position = whole.wordsConsumed;
    const rest = Array.from({ length: 20 }, () => whole.randomInt(37));
    const resumed = fairSource(SEEDS, { startWord: position, health: new HealthMonitor() });
    expect(first).toHaveLength(13);
    expect(Array.from({ length: 20 }, () => resumed.randomInt(37))).toEqual(rest);
    expect(resumed.wordsConsumed).toBe(whole.wordsConsumed);
  });

  it('randomInt is uniform: chi-square over 37 pockets and over 10 values from a fixed seed stream', () => {
    const source = fairSource(SEEDS, { health: new HealthMonitor() });
    for (const [n, draws, critical] of [
      [37, 74_000, 67.99], // χ²(36) at p = 0.001
      [10, 50_000, 27.88], // χ²(9) at p = 0.001
    ] as const) {
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < draws; i++) counts[source.randomInt(n)]!++;
      expect(chiSquare(counts)).toBeLessThan(critical);
    }
  });

  it('has no modulo bias for n = 3·2^30, where a plain modulo would favour the lowest quarter', () => {
    const source = fairSource(SEEDS, { health: new HealthMonitor() });
    const n = 3 * 2 ** 30;
    let low = 0;
    const draws = 60_000;
    for (let i = 0; i < draws; i++) if (source.randomInt(n) < 2 ** 30) low++;
    // unbiased: 1/3 (modulo would give 1/2); 6 standard errors ≈ 0.012
    expect(Math.abs(low / draws - 1 / 3)).toBeLessThan(0.012);
    // a quarter of the words are rejected, so more words than draws were read
    expect(source.wordsConsumed).toBeGreaterThan(draws * 1.2);
  });
});

describe('rejection sampling', () => {
  it('rejects words at or above the largest multiple of n and reads the next one', () => {
    // n = 3: 2^32 mod 3 = 1, so the limit is 2^32 − 1 and 0xFFFFFFFF is rejected
    const rng = new Rng(new WordSource([0xffffffff, 0xfffffffe, 5]), new HealthMonitor());
    expect(rng.randomInt(3)).toBe(0xfffffffe % 3);
    expect(rng.wordsConsumed).toBe(2);
    // n = 2^31 + 1: words ≥ 2^31 + 1 are rejected
    const rng2 = new Rng(new WordSource([2 ** 31 + 1, 2 ** 32 - 2, 2 ** 31]), new HealthMonitor());
    expect(rng2.randomInt(2 ** 31 + 1)).toBe(2 ** 31);
    expect(rng2.wordsConsumed).toBe(3);
  });

  it('accepts n up to 2^32 and rejects invalid n', () => {
    const rng = new Rng(new CryptoByteSource(64), new HealthMonitor());
    expect(rng.randomInt(2 ** 32)).toBeLessThan(2 ** 32);
    expect(rng.randomInt(1)).toBe(0);
    for (const bad of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) expect(() => rng.randomInt(bad)).toThrow(RangeError);
  });
});

describe('shuffle and pick', () => {
  it('shuffle gives each of the 6 orders of 3 items equally often', () => {
    const source = fairSource(SEEDS, { health: new HealthMonitor() });
    const counts = new Map<string, number>();
    for (let i = 0; i < 30_000; i++) {
      const key = shuffle(source, ['a', 'b', 'c']).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    expect(chiSquare([...counts.values()])).toBeLessThan(20.52); // χ²(5) at p = 0.001
  });

  it('shuffle is a permutation and pick takes from the list', () => {
    const items = Array.from({ length: 52 }, (_, i) => i);
    const shuffled = shuffle(cryptoRandom, items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(items).toContain(pick(cryptoRandom, items));
    expect(() => pick(cryptoRandom, [])).toThrow();
  });

  it('the scripted source replays its values and refuses out-of-range ones', () => {
    const s = new ScriptedSource([2, 0, 5]);
    expect(s.randomInt(3)).toBe(2);
    expect(s.randomInt(1)).toBe(0);
    expect(() => s.randomInt(5)).toThrow();
    expect(s.requests).toEqual([3, 1, 5]);
  });
});

describe('commit and reveal', () => {
  it('commits to sha256 of the seed bytes and verifies only the committed seed', () => {
    const { serverSeed, serverSeedHash } = newServerSeed();
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(serverSeedHash).toBe(createHash('sha256').update(Buffer.from(serverSeed, 'hex')).digest('hex'));
    expect(hashServerSeed(serverSeed)).toBe(serverSeedHash);
    expect(verifyServerSeed(serverSeed, serverSeedHash)).toBe(true);
    const tampered = (serverSeed[0] === '0' ? '1' : '0') + serverSeed.slice(1);
    expect(verifyServerSeed(tampered, serverSeedHash)).toBe(false);
    expect(verifyServerSeed('not hex', serverSeedHash)).toBe(false);
  });

  it('rotation reveals the current seed and commits to a fresh one', () => {
    const current = newServerSeed();
    const { revealed, next } = rotateServerSeed(current);
    expect(revealed).toEqual(current);
    expect(next.serverSeed).not.toBe(current.serverSeed);
    expect(verifyServerSeed(next.serverSeed, next.serverSeedHash)).toBe(true);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a revealed seed lets the player recompute every round played under it', () => {
    const { serverSeed, serverSeedHash } = newServerSeed();
    const clientSeed = 'lucky';
    const played = [0, 1, 2].map((nonce) => fairSource({ serverSeed, clientSeed, nonce }).randomInt(37));
    expect(verifyServerSeed(serverSeed, serverSeedHash)).toBe(true);
    expect([0, 1, 2].map((nonce) => fairSource({ serverSeed, clientSeed, nonce }, { health: new HealthMonitor() }).randomInt(37))).toEqual(played);
  });

  it('rejects malformed seeds', () => {
    expect(() => fairSource({ serverSeed: 'xyz', clientSeed: 'c', nonce: 0 })).toThrow(RangeError);
    expect(() => fairSource({ serverSeed: 'a'.repeat(64), clientSeed: 'a:b', nonce: 0 })).toThrow(RangeError);
    expect(() => fairSource({ serverSeed: 'a'.repeat(64), clientSeed: 'c', nonce: -1 })).toThrow(RangeError);
  });
});

describe('health: a failing generator disables play', () => {
  it('a source that throws makes every later draw throw RngFailure, even once the source recovers', () => {
    let broken = true;
    const flaky: ByteSource = {
      nextBlock() {
        if (broken) throw new Error('entropy device gone');
        return new Uint8Array([1, 2, 3, 4]);
      },
    };
    const health = new HealthMonitor();
    const rng = new Rng(flaky, health);
    expect(() => rng.randomInt(10)).toThrow(RngFailure);
    expect(health.healthy).toBe(false);
    expect(health.status().reason).toMatch(/entropy device gone/);
    broken = false;
    expect(() => rng.randomInt(10)).toThrow(RngFailure);
    // any generator under the same monitor is disabled too: there is no fallback
    const other = new Rng(new CryptoByteSource(), health);
    expect(() => other.randomInt(10)).toThrow(RngFailure);
    expect(() => fairSource(SEEDS, { health }).randomInt(10)).toThrow(RngFailure);
  });

  it('a stuck source fails the repetition count test', () => {
    const health = new HealthMonitor();
    const rng = new Rng(new WordSource([0x12345678]), health);
    expect(rng.nextUint32()).toBe(0x12345678);
    expect(rng.nextUint32()).toBe(0x12345678);
    expect(() => rng.nextUint32()).toThrow(/repetition count/);
    expect(health.healthy).toBe(false);
  });

  it('a source stuck on one byte value fails the adaptive proportion test', () => {
    const health = new HealthMonitor();
    // distinct words (so the repetition test passes) whose first byte is always 0x00
    let i = 0;
    const biased: ByteSource = { nextBlock: () => new Uint8Array([0, (i >> 16) & 255, (i >> 8) & 255, i++ & 255]) };
    const rng = new Rng(biased, health);
    expect(() => {
      for (let k = 0; k < 1000; k++) rng.nextUint32();
    }).toThrow(/adaptive proportion/);
    expect(health.status().bytesTested).toBeLessThan(PROPORTION_CUTOFF * 4 + 8);
  });

  it('a malformed block is a failure', () => {
    const health = new HealthMonitor();
    const rng = new Rng({ nextBlock: () => new Uint8Array(3) }, health);
    expect(() => rng.randomInt(2)).toThrow(RngFailure);
    expect(health.healthy).toBe(false);
  });

  it('a round computed again (verification, two requests on one nonce) is tested once, not taken for a repeating generator', () => {
    const health = new HealthMonitor();
    const draw = () => {
      const fair = fairSource(SEEDS, { health });
      return Array.from({ length: 40 }, () => fair.nextUint32());
    };
    const first = draw();
    const tested = health.status().bytesTested;
    for (let i = 0; i < 50; i++) expect(draw()).toEqual(first);
    expect(health.status()).toEqual({ healthy: true, bytesTested: tested });
    // A source that is not replayable and repeats a block is still a repeating generator.
    const stuck = new Rng({ nextBlock: () => new Uint8Array([1, 2, 3, 4, 1, 2, 3, 4]) }, health);
    expect(() => {
      for (let k = 0; k < 8; k++) stuck.nextUint32();
    }).toThrow(/repetition count/);
  });

  it('healthy sources pass the tests over a long run', () => {
    const health = new HealthMonitor();
    const rng = new Rng(new CryptoByteSource(), health);
    for (let i = 0; i < 200_000; i++) rng.nextUint32();
    const fair = fairSource(SEEDS, { health });
    for (let i = 0; i < 200_000; i++) fair.nextUint32();
    expect(health.status()).toMatchObject({ healthy: true, bytesTested: expect.any(Number) });
  });
});

describe('source hygiene', () => {
  it('nothing under server/games uses Math.random', () => {
    const root = join(import.meta.dirname, '..');
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.endsWith('rng.test.ts')) files.push(path);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/Math\.random/);
  });
});
