/**
 * What this node last knew of each player's active seed: the seed and the next nonce after the
 * last round it committed. Only a hint for `one-statement-round.ts`, whose statement goes ahead
 * only while the seed row still is active at that nonce; a stale entry costs one refused statement
 * and the general path, which remembers the seed afresh. Bounded: the oldest entries go first.
 */
import { cacheRequestsTotal } from '../../metrics/metrics';

export interface KnownSeed {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

const MAX_ENTRIES = 50_000;
const seeds = new Map<string, KnownSeed>();
// The operations metrics' cache view; bound once so the spin's hot path only adds one.
const seedHits = cacheRequestsTotal.labels('game-seeds', 'hit');
const seedMisses = cacheRequestsTotal.labels('game-seeds', 'miss');

export function knownSeed(playerId: string): KnownSeed | undefined {
  const seed = seeds.get(playerId);
  (seed ? seedHits : seedMisses).inc();
  return seed;
}

export function rememberSeed(playerId: string, seed: KnownSeed): void {
  seeds.delete(playerId);
  seeds.set(playerId, {
    id: seed.id,
    serverSeed: seed.serverSeed,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    nextNonce: seed.nextNonce,
  });
  if (seeds.size > MAX_ENTRIES) {
    const oldest = seeds.keys().next();
    if (!oldest.done) seeds.delete(oldest.value);
  }
}

export function forgetSeed(playerId: string): void {
  seeds.delete(playerId);
}
