import type { BingoEvent, BingoEventType } from '../../../../contracts/games/bingo';
import type { Db } from '../../../db/database';
import { bingoEvent, bingoGame } from '../../../db/schema';
import { eq } from 'drizzle-orm';

/**
 * A game's events (sales closed with the commitment, each call, each prize, the end, a cancel):
 * stored with a per-game sequence number 1, 2, 3, … in the transaction that makes them happen
 * (under the game's row lock, so the numbers have no gaps), readable after any seq, and handed after
 * the commit to `emitBingoEvents` — the one place they leave the module, where the real-time bus
 * publishes them to every node.
 */

export interface PendingEvent {
  type: BingoEventType;
  payload: Record<string, unknown>;
}

/** JSON-safe payloads: minor units as numbers (they stay far below 2^53). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)));

/** Stores the events after the game's current seq; the caller holds the game's row lock. */
export async function recordEvents(tx: Db, game: { id: string; roomId: string; eventSeq: number }, events: readonly PendingEvent[], now: Date): Promise<BingoEvent[]> {
  if (events.length === 0) return [];
  const stored = events.map((event, index) => ({ gameId: game.id, seq: game.eventSeq + index + 1, type: event.type, payload: plain(event.payload) as Record<string, unknown>, createdAt: now }));
  await tx.insert(bingoEvent).values(stored);
  await tx.update(bingoGame).set({ eventSeq: game.eventSeq + events.length }).where(eq(bingoGame.id, game.id));
  return stored.map((event) => ({ gameId: event.gameId, roomId: game.roomId, seq: event.seq, type: event.type, at: now.toISOString(), payload: event.payload }));
}

type Listener = (event: BingoEvent) => void;
const listeners = new Set<Listener>();

/** Subscribes to every committed bingo event of this node; answers the unsubscribe. */
export function onBingoEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands committed events on (in seq order); a failing listener does not stop the others or the driver. */
export function emitBingoEvents(events: readonly BingoEvent[]): void {
  for (const event of events) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own: the events are stored and can be read again after their seq.
      }
    }
  }
}
