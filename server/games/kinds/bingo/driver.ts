import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { BingoCancelReason, BingoPrizeName, BingoRoomConfig } from '../../../../contracts/games/bingo';
import { chatNicknames } from '../../../channels';
import type { Db } from '../../../db/database';
import { bingoCall, bingoGame, bingoJackpot, bingoPurchase, bingoTicket, bingoWin } from '../../../db/schema';
import { inTransaction } from '../../../db/transaction';
import { createSeamlessWallet } from '../../../platform/wallet';
import { newServerSeed } from '../../rng/rng';
import { STUDIO_PROVIDER_ID } from '../../play/round-basics';
import {
  BINGO_KIND,
  buyTransactionId,
  prizeTransactionId,
  refundTransactionId,
  type GamePools,
  type GameRow,
  type GameRules,
  type TicketRow,
} from './bingo-service';
import { toGo } from './cards';
import { recordEvents, type PendingEvent } from './events';
import { ballOrder } from './fairness';
import { shareOf, splitPrize } from './prizes';

/**
 * The bingo driver: one node drives each room at a time. Every tick, for each room, the node takes
 * or renews the room's lease (a row in bingo_room_lease with an expiry) and, holding it, moves the
 * room one step: schedule the next game (its seed committed by hash at once), close sales when the
 * game is due (cancel and refund when too few players or tickets), make the next call when its time
 * has come, paying every prize it completes.
 *
 * Handing over: a node that stops (or dies) stops renewing; once the lease has expired another
 * node's tick takes it and carries on from the stored state — the next call is `calls_made + 1`,
 * whose ball is the stored seed's order at that position. Nothing is repeated or skipped: each write
 * transaction first reads the lease row FOR SHARE and goes on only while this node holds it (a
 * takeover's update waits for it, and the old holder's next transaction sees the new holder), locks
 * the game row, and the calls and prizes are keyed uniquely (bingo_call (game, seq) and (game,
 * number); bingo_win (game, prize, ticket); the wallet's credit key per prize and ticket).
 *
 * Time is the caller's `now`: the server's timer passes the clock, tests pass their own.
 */

export interface DriverOptions {
  /** This node's name in the lease (host, process and a random part). */
  driverId: string;
  /** How long a lease lasts without renewal: the longest a room waits for another node after a crash. */
  leaseMs?: number;
  /** The catalogue gameId of the bingo lobby (the wallet's gameId of bingo movements). */
  lobbyGameId: string;
  logger?: Logger;
}

export const DEFAULT_LEASE_MS = 10_000;

export interface BingoDriver {
  readonly driverId: string;
  /** One step of every room this node holds (or can take) at `now`. */
  tick(now?: Date): Promise<void>;
  /** Runs `tick` every `intervalMs` until stopped. */
  start(intervalMs: number): void;
  /** Stops the timer and lets the leases go, so another node takes over at once. */
  stop(): Promise<void>;
}

class LeaseLost extends Error {}

/** Takes or renews the room's lease; true when this node holds it until now + leaseMs. */
async function holdLease(db: Db, roomId: string, driverId: string, now: Date, leaseMs: number): Promise<boolean> {
  const expires = new Date(now.getTime() + leaseMs);
  const rows = await db.execute<{ holder: string }>(sql`
    INSERT INTO bingo_room_lease (room_id, holder, expires_at) VALUES (${roomId}, ${driverId}, ${expires})
    ON CONFLICT (room_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at,
      generation = bingo_room_lease.generation + CASE WHEN bingo_room_lease.holder = EXCLUDED.holder THEN 0 ELSE 1 END
    WHERE bingo_room_lease.holder = EXCLUDED.holder OR bingo_room_lease.expires_at <= ${now}
    RETURNING holder`);
  return rowsOf(rows).length > 0;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []));

/** Inside a write: this node still holds the lease (read FOR SHARE: a takeover waits for this transaction). */
async function assertLease(tx: Db, roomId: string, driverId: string, now: Date): Promise<void> {
  const rows = rowsOf<{ holder: string; expires_at: Date | string }>(
    await tx.execute(sql`SELECT holder, expires_at FROM bingo_room_lease WHERE room_id = ${roomId} FOR SHARE`),
  );
  const lease = rows[0];
  if (!lease || lease.holder !== driverId || new Date(lease.expires_at) <= now) throw new LeaseLost(roomId);
}

/** The first slot on the room's clock strictly after `now` (every N minutes from midnight UTC). */
export function nextStart(room: BingoRoomConfig, now: Date): Date {
  const period = room.everyMinutes * 60_000;
  return new Date((Math.floor(now.getTime() / period) + 1) * period);
}

export function createBingoDriver(db: Db, rooms: readonly BingoRoomConfig[], options: DriverOptions): BingoDriver {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const { driverId, lobbyGameId, logger } = options;
  /** Per game in play: its order and its tickets (fixed once sales close), loaded again after a takeover. */
  const cache = new Map<string, { order: number[]; tickets: TicketRow[] }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const held = new Set<string>();

  /** One write of a room: under the lease, its events stored and published in the same transaction. */
  async function transaction(roomId: string, now: Date, work: (tx: Db, events: PendingEvent[]) => Promise<GameRow | undefined>): Promise<void> {
    await inTransaction(db, async (tx) => {
      await assertLease(tx, roomId, driverId, now);
      const events: PendingEvent[] = [];
      const game = await work(tx, events);
      if (game) await recordEvents(tx, game, events, now);
    });
  }

  async function schedule(room: BingoRoomConfig, now: Date): Promise<void> {
    await transaction(room.id, now, async (tx) => {
      const seed = newServerSeed();
      await tx
        .insert(bingoGame)
        .values({
          roomId: room.id,
          balls: room.balls,
          currency: room.currency,
          ticketPrice: BigInt(room.ticketPrice),
          startsAt: nextStart(room, now),
          serverSeed: seed.serverSeed,
          serverSeedHash: seed.serverSeedHash,
          rules: room,
          createdAt: now,
        })
        .onConflictDoNothing();
      return undefined;
    });
  }

  async function closeSales(room: BingoRoomConfig, gameId: string, now: Date): Promise<void> {
    await transaction(room.id, now, async (tx, events) => {
      const [game] = await tx.select().from(bingoGame).where(eq(bingoGame.id, gameId)).for('update');
      if (!game || game.status !== 'SELLING' || now < game.startsAt) return undefined;
      const rules = game.rules as GameRules;
      const purchases = await tx
        .select()
        .from(bingoPurchase)
        .where(and(eq(bingoPurchase.gameId, game.id), sql`${bingoPurchase.refundedAt} IS NULL`))
        .orderBy(asc(bingoPurchase.createdAt));
      const tickets = purchases.reduce((n, purchase) => n + purchase.tickets, 0);
      const players = new Set(purchases.map((purchase) => purchase.playerId)).size;
      if (players < rules.minPlayers || tickets < rules.minTickets) {
        const reasonCode: BingoCancelReason = players < rules.minPlayers ? 'TOO_FEW_PLAYERS' : 'TOO_FEW_TICKETS';
        await refundAll(tx, game, purchases, now, reasonCode);
        await tx.update(bingoGame).set({ status: 'CANCELLED', revealedAt: now, endedAt: now }).where(eq(bingoGame.id, game.id));
        const reason = players < rules.minPlayers ? `fewer than ${rules.minPlayers} players` : `fewer than ${rules.minTickets} tickets`;
        // The code and the counts let the room say why in the player's language; `reason` stays for readers of the English text.
        events.push({
          type: 'CANCEL',
          payload: {
            reason,
            reasonCode,
            players,
            tickets,
            minPlayers: rules.minPlayers,
            minTickets: rules.minTickets,
            refunds: purchases.length,
            serverSeed: game.serverSeed,
          },
        });
        return game;
      }
      const sales = purchases.reduce((total, purchase) => total + purchase.amount, 0n);
      const prizes = rules.prizes.map((rule) => ({ prize: rule.prize, amount: Number('fixed' in rule ? BigInt(rule.fixed) : shareOf(sales, rule.shareBps)) }));
      let jackpot: GamePools['jackpot'] = null;
      if (rules.jackpot) {
        const contribution = shareOf(sales, rules.jackpot.contributionBps);
        await tx
          .insert(bingoJackpot)
          .values({ roomId: game.roomId, currency: game.currency, amount: contribution })
          .onConflictDoUpdate({ target: [bingoJackpot.roomId, bingoJackpot.currency], set: { amount: sql`${bingoJackpot.amount} + ${contribution}` } });
        jackpot = { calls: rules.jackpot.calls, contribution: Number(contribution) };
      }
      const pools: GamePools = { sales: Number(sales), tickets, players, prizes, jackpot };
      await tx.update(bingoGame).set({ status: 'PLAYING', pools, nextCallAt: now }).where(eq(bingoGame.id, game.id));
      events.push({ type: 'SALES_CLOSED', payload: { commitment: game.serverSeedHash, tickets, players, sales, pools: prizes, jackpot } });
      return game;
    });
  }

  /** Every purchase of a cancelled game returned once: the wallet's rollback of its debit (itself once per debit). */
  async function refundAll(tx: Db, game: GameRow, purchases: (typeof bingoPurchase.$inferSelect)[], now: Date, reason: BingoCancelReason): Promise<void> {
    const wallet = createSeamlessWallet(tx);
    for (const purchase of purchases) {
      await wallet.rollback({
        providerId: STUDIO_PROVIDER_ID,
        playerId: purchase.playerId,
        transactionId: refundTransactionId(purchase.id),
        originalTransactionId: buyTransactionId(purchase.id),
        roundId: game.id,
        gameId: lobbyGameId,
        gameKind: BINGO_KIND,
        reason,
      });
      await tx.update(bingoPurchase).set({ refundedAt: now }).where(eq(bingoPurchase.id, purchase.id));
    }
  }

  async function loaded(tx: Db, game: GameRow) {
    let entry = cache.get(game.id);
    if (!entry) {
      // A purchase refunded while the game was on sale (its player's lock) has no tickets in the game.
      const rows = await tx
        .select({ ticket: bingoTicket })
        .from(bingoTicket)
        .innerJoin(bingoPurchase, eq(bingoPurchase.id, bingoTicket.purchaseId))
        .where(and(eq(bingoTicket.gameId, game.id), sql`${bingoPurchase.refundedAt} IS NULL`))
        .orderBy(asc(bingoTicket.serial));
      const tickets = rows.map((row) => row.ticket);
      entry = { order: ballOrder(game.serverSeed, game.id, game.balls), tickets };
      cache.set(game.id, entry);
    }
    return entry;
  }

  async function call(room: BingoRoomConfig, gameId: string, now: Date): Promise<void> {
    await transaction(room.id, now, async (tx, events) => {
      const [game] = await tx.select().from(bingoGame).where(eq(bingoGame.id, gameId)).for('update');
      if (!game || game.status !== 'PLAYING' || !game.nextCallAt || now < game.nextCallAt) return undefined;
      const rules = game.rules as GameRules;
      const pools = game.pools as GamePools;
      const { order, tickets } = await loaded(tx, game);
      const seq = game.callsMade + 1;
      const number = order[seq - 1]!;
      await tx.insert(bingoCall).values({ gameId: game.id, seq, number, calledAt: now });
      events.push({ type: 'CALL', payload: { callSeq: seq, number } });
      const called = new Set(order.slice(0, seq));
      let stage = game.stage;
      // Every prize this ball completes, in order: a call can complete two (a full house within the jackpot's calls pays both).
      while (stage < rules.prizes.length) {
        const prize = rules.prizes[stage]!.prize;
        const winners = tickets.filter((ticket) => toGo(ticket.grid, called, prize) === 0);
        if (winners.length === 0) break;
        await pay(tx, game, prize, BigInt(pools.prizes[stage]!.amount), winners, seq, events);
        if (prize === 'FULL_HOUSE' && rules.jackpot && seq <= rules.jackpot.calls) {
          const [pot] = await tx
            .select()
            .from(bingoJackpot)
            .where(and(eq(bingoJackpot.roomId, game.roomId), eq(bingoJackpot.currency, game.currency)))
            .for('update');
          if (pot && pot.amount > 0n) {
            await pay(tx, game, 'JACKPOT', pot.amount, winners, seq, events);
            await tx
              .update(bingoJackpot)
              .set({ amount: 0n })
              .where(and(eq(bingoJackpot.roomId, game.roomId), eq(bingoJackpot.currency, game.currency)));
          }
        }
        stage += 1;
      }
      const over = stage >= rules.prizes.length || seq >= game.balls;
      if (over) {
        await tx
          .update(bingoGame)
          .set({ callsMade: seq, stage, status: 'ENDED', nextCallAt: null, revealedAt: now, endedAt: now })
          .where(eq(bingoGame.id, game.id));
        events.push({ type: 'END', payload: { calls: seq, serverSeed: game.serverSeed, serverSeedHash: game.serverSeedHash, clientSeed: game.id, nonce: 0 } });
        cache.delete(game.id);
      } else {
        await tx
          .update(bingoGame)
          .set({ callsMade: seq, stage, nextCallAt: new Date(now.getTime() + rules.callIntervalMs) })
          .where(eq(bingoGame.id, game.id));
      }
      return game;
    });
  }

  /** Pays a prize split exactly between its tickets (`splitPrize`), each ticket's share once (its row and its wallet key). */
  async function pay(tx: Db, game: GameRow, prize: BingoPrizeName, amount: bigint, winners: TicketRow[], seq: number, events: PendingEvent[]): Promise<void> {
    const shares = splitPrize(amount, winners);
    const wallet = createSeamlessWallet(tx);
    for (const share of shares) {
      await tx
        .insert(bingoWin)
        .values({ gameId: game.id, prize, ticketId: share.ticket.id, playerId: share.ticket.playerId, amount: share.amount, callSeq: seq });
      await wallet.credit({
        providerId: STUDIO_PROVIDER_ID,
        playerId: share.ticket.playerId,
        transactionId: prizeTransactionId(game.id, prize, share.ticket.id),
        roundId: game.id,
        gameId: lobbyGameId,
        gameKind: BINGO_KIND,
        currency: game.currency,
        amount: share.amount,
      });
    }
    // The winners by chat nickname, once each (null: none chosen): the room names them without their sign-in names.
    const winnerIds = [...new Set(shares.map((share) => share.ticket.playerId))];
    const nicknames = await chatNicknames(tx, winnerIds);
    const names = winnerIds.map((id) => nicknames.get(id) ?? null);
    events.push({
      type: 'PRIZE',
      payload: { prize, callSeq: seq, amount, ticketIds: shares.map((share) => share.ticket.id), amountEach: shares.map((share) => share.amount), names },
    });
  }

  async function step(room: BingoRoomConfig, now: Date): Promise<void> {
    if (!(await holdLease(db, room.id, driverId, now, leaseMs))) {
      held.delete(room.id);
      return;
    }
    held.add(room.id);
    const games = await db
      .select()
      .from(bingoGame)
      .where(and(eq(bingoGame.roomId, room.id), inArray(bingoGame.status, ['SELLING', 'PLAYING'])));
    const playing = games.find((game) => game.status === 'PLAYING');
    const selling = games.find((game) => game.status === 'SELLING');
    if (playing) {
      if (playing.nextCallAt && now >= playing.nextCallAt) await call(room, playing.id, now);
    } else if (selling && now >= selling.startsAt) {
      await closeSales(room, selling.id, now);
    }
    if (!selling || now >= selling.startsAt) {
      const [open] = await db
        .select({ id: bingoGame.id })
        .from(bingoGame)
        .where(and(eq(bingoGame.roomId, room.id), eq(bingoGame.status, 'SELLING')));
      if (!open) await schedule(room, now);
    }
  }

  /** Every room is stepped even when one fails; the failures are thrown together afterwards (the timer logs them). */
  async function tick(now = new Date()): Promise<void> {
    const failures: unknown[] = [];
    for (const room of rooms) {
      try {
        await step(room, now);
      } catch (error) {
        if (error instanceof LeaseLost) held.delete(room.id);
        else failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'bingo: room steps failed');
  }

  return {
    driverId,
    tick,
    start(intervalMs) {
      timer = setInterval(() => {
        if (running) return;
        running = tick()
          .catch((error: unknown) => logger?.error({ module: 'bingo', err: error }, 'bingo: a room step failed; the next tick tries again'))
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
      if (held.size > 0) {
        await db.execute(
          sql`UPDATE bingo_room_lease SET expires_at = now() WHERE holder = ${driverId} AND room_id IN (${sql.join(
            [...held].map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        held.clear();
      }
    },
  };
}
