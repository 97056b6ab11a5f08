// Imported after './portal' by the slot files: the server's own import order (the game registry
// before its kinds), as in production.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { gameSeed } from '../../server/db/schema';
import type { SlotRound } from '../../server/games/engines/slots/slot-engine';
import { roundOutcome } from '../../server/games/play/rounds';
import type { SlotTitle } from '../../server/games/titles/types';
import type { TestServer } from '../support/test-server';
import type { Portal } from './portal';

/**
 * Arranges the next round at this stake to be one `wanted` accepts; answers that round as the
 * production engine plays it. One rotation through the public /gs/seeds/rotate commits a fresh
 * server seed, which the test (and only a test) reads from the server's database; the client seed
 * is the player's to choose (the fair stream takes any), so the test tries client seeds against it
 * here, in memory, and stores the one that gives the round wanted as the seed pair's client seed,
 * before any round is played on it. The round itself is still the server's, played from its
 * committed seed. (Rotating until the server's random seed happened to give a mega win took a
 * thousand requests and up to a minute and a half; the same search here takes milliseconds.)
 */
export async function arrangeSlotRound(
  server: TestServer,
  portal: Portal,
  title: SlotTitle,
  stakeMinor: number,
  wanted: (round: SlotRound) => boolean,
): Promise<SlotRound> {
  // The game client's session cookie, sent as the client sends it (the request goes straight from here, for speed).
  const rotate = `${server.url}/gs/seeds/rotate`;
  const cookie = (await portal.context.cookies(rotate)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const answer = await fetch(rotate, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{}' });
  expect(answer.status).toBe(200);
  const { next } = (await answer.json()) as { next: { serverSeedHash: string } };
  const [seed] = await server.db.select().from(gameSeed).where(eq(gameSeed.serverSeedHash, next.serverSeedHash));
  if (!seed) throw new Error('the rotated seed is not in the database');
  const started = Date.now();
  for (let attempt = 0; attempt < 200_000; attempt++) {
    const clientSeed = `arranged-${attempt}`;
    const round = roundOutcome(title, stakeMinor, { serverSeed: seed.serverSeed, clientSeed }, seed.nextNonce);
    if (wanted(round)) {
      await server.db.update(gameSeed).set({ clientSeed }).where(eq(gameSeed.id, seed.id));
      console.info(`${title.gameId}: the round wanted under client seed ${clientSeed} (${Date.now() - started} ms)`);
      return round;
    }
  }
  throw new Error(`no client seed gave the wanted round of ${title.gameId} in 200000 tries`);
}
