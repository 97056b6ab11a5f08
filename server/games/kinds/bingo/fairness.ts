import { fairSource, hashServerSeed, shuffle } from '../../rng/rng';

/**
 * A game's ball order, fixed before sales close and checkable after: a Fisher–Yates shuffle of
 * 1…balls over the provably fair stream with key = the game's server seed, client seed = the game's
 * id and nonce 0 (`rng.ts`). The seed's sha256 is published when the game is scheduled; the seed
 * itself when the game ends or is cancelled. Anyone can then run this function (or the same
 * HMAC-SHA256 stream by hand) and compare the order with the calls made.
 */
export const BINGO_NONCE = 0;

export function ballOrder(serverSeed: string, gameId: string, balls: number): number[] {
  const numbers = Array.from({ length: balls }, (_, i) => i + 1);
  return shuffle(fairSource({ serverSeed, clientSeed: gameId, nonce: BINGO_NONCE }), numbers);
}

/** The replay: the seed matches its commitment and every call is the order's ball at its position. */
export function verifyBallOrder(
  game: { id: string; balls: number; serverSeed: string; serverSeedHash: string },
  calls: readonly number[],
): { ballOrder: number[]; verified: boolean } {
  const order = ballOrder(game.serverSeed, game.id, game.balls);
  const verified = hashServerSeed(game.serverSeed) === game.serverSeedHash && calls.every((number, index) => order[index] === number);
  return { ballOrder: order, verified };
}
