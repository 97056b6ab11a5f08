import { eq } from 'drizzle-orm';
import type { BingoEvent, BingoEventType } from '../../../../contracts/games/bingo';
import type { Db } from '../../../db/database';
import { bingoEvent, bingoGame } from '../../../db/schema';
import { publish } from '../../../realtime';

/**
 * A game's events (sales closed with the commitment, each call, each prize, the end, a cancel):
 * stored with a per-game sequence number 1, 2, 3, … in the transaction that makes them happen
 * (under the game's row lock, so the numbers have no gaps) and readable after any seq
 * (`GET /gs/bingo/games/:id/events?afterSeq=`). `publishBingoEvent` is the one place they leave the
 * module: in the same transaction it publishes each on the real-time bus, topic `bingo:<roomId>`,
 * so every node's WebSocket clients get exactly the committed events, in order.
 */

export interface PendingEvent {
  type: BingoEventType;
  payload: Record<string, unknown>;
}

export const bingoTopic = (roomId: string) => `bingo:${roomId}`;

/** JSON-safe payloads: minor units as numbers (they stay far below 2^53). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)));

/** Hands one committed-with-the-transaction event to the real-time bus. */
export async function publishBingoEvent(tx: Db, event: BingoEvent): Promise<void> {
  await publish(tx, bingoTopic(event.roomId), event);
}

/** Stores the events after the game's current seq and publishes them; the caller holds the game's row lock. */
export async function recordEvents(
  tx: Db,
  game: { id: string; roomId: string; eventSeq: number },
  events: readonly PendingEvent[],
  now: Date,
): Promise<BingoEvent[]> {
  if (events.length === 0) return [];
  const stored = events.map((event, index) => ({
    gameId: game.id,
    seq: game.eventSeq + index + 1,
    type: event.type,
    payload: plain(event.payload) as Record<string, unknown>,
    createdAt: now,
  }));
  await tx.insert(bingoEvent).values(stored);
  await tx
    .update(bingoGame)
    .set({ eventSeq: game.eventSeq + events.length })
    .where(eq(bingoGame.id, game.id));
  const published = stored.map((event) => ({
    gameId: event.gameId,
    roomId: game.roomId,
    seq: event.seq,
    type: event.type,
    at: now.toISOString(),
    payload: event.payload,
  }));
  for (const event of published) await publishBingoEvent(tx, event);
  return published;
}
