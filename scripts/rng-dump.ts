/**
 * Writes the game RNG's raw output for statistical test suites (dieharder, PractRand, TestU01).
 *
 *   npm run rng:dump -- <file> [bytes]     write `bytes` bytes (default 1 GiB) to <file>
 *   npm run -s rng:dump -- - [bytes]       write to standard output (no size: until the reader stops)
 *
 * The bytes are the 32-bit words the engines read, through the same path as a round: the provably
 * fair HMAC-SHA256 stream (`fairSource`), with health tests on. Seeds are fresh from the CSPRNG: a new
 * server seed and client seed every 65,536 rounds, nonces 0, 1, 2, … under each, and
 * 128 bytes (32 words, four HMAC blocks) read from each round, about what a slot round with free spins uses.
 */
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { fairSource, newClientSeed, newServerSeed } from '../server/games/rng/rng';

const WORDS_PER_ROUND = 32;
const ROUNDS_PER_SEED = 65_536;
const CHUNK_BYTES = 1 << 20;

function usage(): never {
  console.error('usage: npm run rng:dump -- <file|-> [bytes]');
  process.exit(2);
}

async function write(out: Writable, chunk: Buffer): Promise<boolean> {
  if (out.write(chunk)) return true;
  return new Promise((resolve) => {
    const onDrain = (): void => {
      out.off('error', onError);
      resolve(true);
    };
    const onError = (): void => {
      out.off('drain', onDrain);
      resolve(false);
    };
    out.once('drain', onDrain);
    out.once('error', onError);
  });
}

async function main(): Promise<void> {
  const [target, sizeArg] = process.argv.slice(2);
  if (!target) usage();
  const toStdout = target === '-';
  const limit = sizeArg === undefined ? (toStdout ? Number.POSITIVE_INFINITY : 2 ** 30) : Number(sizeArg);
  if (!(limit > 0) || (Number.isFinite(limit) && !Number.isSafeInteger(limit))) usage();

  const out: Writable = toStdout ? process.stdout : createWriteStream(target);
  let stopped = false;
  out.on('error', () => {
    stopped = true; // the reader went away (dieharder finished): stop quietly
  });

  let seed = newServerSeed();
  let clientSeed = newClientSeed();
  let nonce = 0;
  let written = 0;
  const started = Date.now();

  while (written < limit && !stopped) {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.ceil((limit - written) / 4) * 4));
    for (let at = 0; at < chunk.length; ) {
      const round = fairSource({ serverSeed: seed.serverSeed, clientSeed, nonce });
      for (let w = 0; w < WORDS_PER_ROUND && at < chunk.length; w++, at += 4) chunk.writeUInt32BE(round.nextUint32(), at);
      nonce += 1;
      if (nonce === ROUNDS_PER_SEED) {
        seed = newServerSeed();
        clientSeed = newClientSeed();
        nonce = 0;
      }
    }
    const part = written + chunk.length > limit ? chunk.subarray(0, limit - written) : chunk;
    if (!(await write(out, part))) break;
    written += part.length;
  }
  if (!toStdout) await new Promise<void>((resolve) => out.end(resolve));
  const seconds = (Date.now() - started) / 1000;
  console.error(`rng:dump wrote ${written} bytes in ${seconds.toFixed(1)} s (${(written / 1e6 / seconds).toFixed(1)} MB/s)`);
}

await main();
