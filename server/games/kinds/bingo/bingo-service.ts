import { and, asc, count, countDistinct, eq, gt, inArray, isNull, sql, sum } from 'drizzle-orm';
import type {
  BingoCancelReason,
  BingoPrizeName,
  BingoRoomConfig,
  bingoBuyResponseSchema,
  bingoEventsResponseSchema,
  bingoGameStateResponseSchema,
  bingoMyTicketsResponseSchema,
  bingoRoomsResponseSchema,
  bingoTicketSchema,
  bingoVerifyResponseSchema,
} from '../../../../contracts/games/bingo';
import { fromMinorUnits } from '../../../../contracts/money';
import type { z } from 'zod';
import type { Db } from '../../../db/database';
import { bingoCall, bingoEvent, bingoGame, bingoJackpot, bingoPurchase, bingoTicket, bingoWin } from '../../../db/schema';
import { AppError, fieldError } from '../../../http/app-error';
import { inTransaction } from '../../../db/transaction';
import { createSeamlessWallet, getPlayerBalance } from '../../../platform/wallet';
import { cryptoRandom, type RandomSource } from '../../rng/rng';
import type { ActiveGameSession } from '../../play/game-session';
import { STUDIO_PROVIDER_ID } from '../../play/round-basics';
import type { LockSettlementContext, SettledAtLockEntry } from '../game-kind';
import { newTickets, numbersOf, toGo } from './cards';
import { verifyBallOrder } from './fairness';
import { chatNicknames } from '../../../channels';

/**
 * Bingo's operations as services (no HTTP): the lobby's rooms, buying tickets through the wallet,
 * a player's tickets, a game's state and events, and verification. The driver (`driver.ts`) runs
 * the games; these only read them, and buying only adds tickets to a game on sale.
 *
 * Wallet transaction ids (provider emerald-studio, round = the bingo game's id): a purchase debits
 * `bingo:<purchaseId>:buy`; a cancelled game rolls each purchase back (`bingo:<purchaseId>:refund`);
 * a prize credits `bingo:<gameId>:<prize>:<ticketId>`.
 */

export const BINGO_KIND = 'bingo';
export type GameRow = typeof bingoGame.$inferSelect;
export type TicketRow = typeof bingoTicket.$inferSelect;

/** A game's rules as scheduled: the room's configuration at that time. */
export type GameRules = BingoRoomConfig;

/** What sales closing fixed: the sales, each prize's pool and the jackpot's part, minor units. */
export interface GamePools {
  sales: number;
  tickets: number;
  players: number;
  prizes: { prize: BingoPrizeName; amount: number }[];
  jackpot: { calls: number; contribution: number } | null;
}

export const buyTransactionId = (purchaseId: string) => `bingo:${purchaseId}:buy`;
export const refundTransactionId = (purchaseId: string) => `bingo:${purchaseId}:refund`;
/** The refund of a purchase voided when its player's lock started (server/games/README.md "Rounds in play at a lock"). */
export const lockRefundTransactionId = (purchaseId: string) => `bingo:${purchaseId}:refund-at-lock`;
export const prizeTransactionId = (gameId: string, prize: BingoPrizeName, ticketId: string) => `bingo:${gameId}:${prize}:${ticketId}`;

const major = (minor: bigint | number) => fromMinorUnits(BigInt(minor));
const rulesOf = (game: GameRow) => game.rules as GameRules;
const poolsOf = (game: GameRow) => (game.pools as GamePools | null) ?? null;

/** The prize the next call plays for; null once the full house is won or the game is over. */
export function playingFor(game: GameRow): BingoPrizeName | null {
  if (game.status === 'ENDED' || game.status === 'CANCELLED') return null;
  return rulesOf(game).prizes[game.stage]?.prize ?? null;
}

async function findGame(db: Db, gameId: string): Promise<GameRow> {
  const [game] = await db.select().from(bingoGame).where(eq(bingoGame.id, gameId));
  if (!game) throw new AppError('NOT_FOUND', 'No bingo game with this id', [{ field: 'gameId', error: 'No such game' }]);
  return game;
}

async function callsOf(db: Db, gameId: string): Promise<number[]> {
  const rows = await db.select({ number: bingoCall.number }).from(bingoCall).where(eq(bingoCall.gameId, gameId)).orderBy(asc(bingoCall.seq));
  return rows.map((row) => row.number);
}

/** The real-money player of a bingo lobby session; bingo is played for real only. */
export function bingoPlayer(session: ActiveGameSession, lobbyGameId: string): string {
  if (session.gameId !== lobbyGameId) throw new AppError('WRONG_GAME', `This game session is for ${session.gameId}, not bingo`);
  if (session.mode !== 'REAL' || !session.owner.playerId) throw new AppError('WRONG_GAME', 'Bingo is played for real only');
  return session.owner.playerId;
}

// ---------------------------------------------------------------------------------------------
// The lobby
// ---------------------------------------------------------------------------------------------

type RoomsAnswer = z.infer<typeof bingoRoomsResponseSchema>;

async function summaryOf(db: Db, game: GameRow | undefined) {
  if (!game) return null;
  const [sold] = await db
    .select({ tickets: count(bingoTicket.id), players: countDistinct(bingoTicket.playerId) })
    .from(bingoTicket)
    .innerJoin(bingoPurchase, eq(bingoPurchase.id, bingoTicket.purchaseId))
    .where(and(eq(bingoTicket.gameId, game.id), sql`${bingoPurchase.refundedAt} IS NULL`));
  return {
    gameId: game.id,
    status: game.status,
    startsAt: game.startsAt.toISOString(),
    serverSeedHash: game.serverSeedHash,
    ticketsSold: Number(sold?.tickets ?? 0),
    players: Number(sold?.players ?? 0),
    callsMade: game.callsMade,
  };
}

export function jackpotRule(room: BingoRoomConfig): string | null {
  if (!room.jackpot) return null;
  return `A full house within ${room.jackpot.calls} calls wins the jackpot (shared like any prize); every game adds ${room.jackpot.contributionBps / 100}% of its ticket sales to it; once won it starts again from zero.`;
}

/** Every configured room with its rules, its jackpot and funding, the game on sale and the game in play. */
export async function listRooms(db: Db, rooms: readonly BingoRoomConfig[]): Promise<RoomsAnswer> {
  const ids = rooms.map((room) => room.id);
  const games = ids.length
    ? await db
        .select()
        .from(bingoGame)
        .where(and(inArray(bingoGame.roomId, ids), inArray(bingoGame.status, ['SELLING', 'PLAYING'])))
    : [];
  const pots = ids.length ? await db.select().from(bingoJackpot).where(inArray(bingoJackpot.roomId, ids)) : [];
  const answer: RoomsAnswer['rooms'] = [];
  for (const room of rooms) {
    const pot = pots.find((row) => row.roomId === room.id && row.currency === room.currency)?.amount ?? 0n;
    answer.push({
      roomId: room.id,
      name: room.name,
      chatChannelId: room.chatChannelId ?? null,
      balls: room.balls,
      currency: room.currency,
      ticketPrice: major(room.ticketPrice),
      maxTicketsPerPlayer: room.maxTicketsPerPlayer,
      everyMinutes: room.everyMinutes,
      minPlayers: room.minPlayers,
      minTickets: room.minTickets,
      callIntervalSeconds: room.callIntervalMs / 1000,
      prizes: room.prizes.map((rule) => ({ prize: rule.prize, ...('fixed' in rule ? { fixed: major(rule.fixed) } : { sharePercent: rule.shareBps / 100 }) })),
      jackpot: room.jackpot
        ? { amount: major(pot), calls: room.jackpot.calls, contributionPercent: room.jackpot.contributionBps / 100, rule: jackpotRule(room)! }
        : null,
      nextGame: await summaryOf(
        db,
        games.find((game) => game.roomId === room.id && game.status === 'SELLING'),
      ),
      playingGame: await summaryOf(
        db,
        games.find((game) => game.roomId === room.id && game.status === 'PLAYING'),
      ),
    });
  }
  return { status: 'SUCCESS', rooms: answer };
}

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------

type TicketView = z.infer<typeof bingoTicketSchema>;

/** Tickets as their owner sees them: marked numbers (auto-daub), numbers to go, prizes won; fewest to go first. */
async function ticketViews(db: Db, game: GameRow, tickets: readonly TicketRow[]): Promise<TicketView[]> {
  if (tickets.length === 0) return [];
  const called = new Set(await callsOf(db, game.id));
  const wins = await db
    .select()
    .from(bingoWin)
    .where(
      and(
        eq(bingoWin.gameId, game.id),
        inArray(
          bingoWin.ticketId,
          tickets.map((ticket) => ticket.id),
        ),
      ),
    );
  const prize = playingFor(game);
  return tickets
    .map((ticket) => ({
      serial: ticket.serial,
      view: {
        ticketId: ticket.id,
        strip: ticket.strip,
        grid: ticket.grid,
        marked: numbersOf(ticket.grid).filter((n) => called.has(n)),
        toGo: prize ? toGo(ticket.grid, called, prize) : 0,
        won: wins
          .filter((win) => win.ticketId === ticket.id)
          .map((win) => ({ prize: win.prize as BingoPrizeName, amount: major(win.amount), callSeq: win.callSeq })),
      },
    }))
    .sort((a, b) => a.view.toGo - b.view.toGo || (a.serial < b.serial ? -1 : 1))
    .map((entry) => entry.view);
}

export interface BuyRequest {
  gameId: string;
  tickets: number;
  clientRequestId: string;
}

/**
 * Buys tickets for a game on sale, through the wallet (its policies — limits, locks — apply as to
 * any stake): one debit of tickets × price per clientRequestId; a retry with the same id answers the
 * same tickets and debits nothing. Refused (400 naming the field) once sales have closed, beyond the
 * room's maximum per player, in another currency than the room's.
 *
 * The game's row is read FOR SHARE: closing sales takes it FOR UPDATE, so a purchase either commits
 * before the close (and counts) or sees the game closed. A player's purchases take turns (an advisory
 * lock), so two at once cannot both pass the maximum.
 */
export async function buyTickets(
  db: Db,
  session: ActiveGameSession,
  lobbyGameId: string,
  request: BuyRequest,
  now = new Date(),
  random: RandomSource = cryptoRandom,
): Promise<z.infer<typeof bingoBuyResponseSchema>> {
  const playerId = bingoPlayer(session, lobbyGameId);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bingo-buy:${playerId}`}))`);
    const [game] = await tx.select().from(bingoGame).where(eq(bingoGame.id, request.gameId)).for('share');
    if (!game) throw new AppError('NOT_FOUND', 'No bingo game with this id', [{ field: 'gameId', error: 'No such game' }]);
    const [earlier] = await tx
      .select()
      .from(bingoPurchase)
      .where(and(eq(bingoPurchase.playerId, playerId), eq(bingoPurchase.requestKey, request.clientRequestId)));
    if (earlier) {
      if (earlier.gameId !== game.id || earlier.tickets !== request.tickets) {
        throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [
          { field: 'clientRequestId', error: 'This request id was already used for a different purchase' },
        ]);
      }
      const tickets = await tx.select().from(bingoTicket).where(eq(bingoTicket.purchaseId, earlier.id)).orderBy(asc(bingoTicket.serial));
      return purchaseAnswer(tx, game, earlier, tickets, true, playerId);
    }
    const rules = rulesOf(game);
    if (game.status !== 'SELLING' || now >= game.startsAt) throw fieldError('gameId', 'Sales for this game have closed');
    if (game.currency !== session.currency) throw fieldError('gameId', `This room plays in ${game.currency}; your game session plays in ${session.currency}`);
    const [held] = await tx
      .select({ tickets: sum(bingoPurchase.tickets) })
      .from(bingoPurchase)
      .where(and(eq(bingoPurchase.gameId, game.id), eq(bingoPurchase.playerId, playerId), sql`${bingoPurchase.refundedAt} IS NULL`));
    const already = Number(held?.tickets ?? 0);
    if (already + request.tickets > rules.maxTicketsPerPlayer) {
      throw fieldError('tickets', `At most ${rules.maxTicketsPerPlayer} tickets per player in this game; you hold ${already}`);
    }
    const amount = game.ticketPrice * BigInt(request.tickets);
    const [purchase] = await tx
      .insert(bingoPurchase)
      .values({ gameId: game.id, playerId, requestKey: request.clientRequestId, tickets: request.tickets, amount, createdAt: now })
      .returning();
    if (!purchase) throw new Error('purchase not stored');
    const cut = newTickets(game.balls as 75 | 90, request.tickets, random);
    const tickets = await tx
      .insert(bingoTicket)
      .values(cut.map((ticket) => ({ gameId: game.id, purchaseId: purchase.id, playerId, strip: ticket.strip, grid: ticket.grid })))
      .returning();
    tickets.sort((a, b) => (a.serial < b.serial ? -1 : 1));
    const after = await createSeamlessWallet(tx).debit({
      providerId: STUDIO_PROVIDER_ID,
      playerId,
      transactionId: buyTransactionId(purchase.id),
      roundId: game.id,
      gameId: lobbyGameId,
      gameKind: BINGO_KIND,
      currency: game.currency,
      amount,
    });
    return purchaseAnswer(tx, game, purchase, tickets, false, playerId, after.cash + after.bonus);
  });
}

async function purchaseAnswer(
  tx: Db,
  game: GameRow,
  purchase: typeof bingoPurchase.$inferSelect,
  tickets: TicketRow[],
  replayed: boolean,
  playerId: string,
  balance?: bigint,
): Promise<z.infer<typeof bingoBuyResponseSchema>> {
  let after = balance;
  if (after === undefined) {
    const current = await getPlayerBalance(tx, playerId, game.currency);
    after = current.cash + current.bonus;
  }
  return {
    status: 'SUCCESS',
    purchaseId: purchase.id,
    gameId: game.id,
    amount: major(purchase.amount),
    replayed,
    tickets: await ticketViews(tx, game, tickets),
    balance: major(after),
  };
}

/** The player's tickets for a game, fewest numbers to go first; a game they hold no ticket in answers an empty list. */
export async function myTickets(
  db: Db,
  session: ActiveGameSession,
  lobbyGameId: string,
  gameId: string,
): Promise<z.infer<typeof bingoMyTicketsResponseSchema>> {
  const playerId = bingoPlayer(session, lobbyGameId);
  const game = await findGame(db, gameId);
  const tickets = await db
    .select()
    .from(bingoTicket)
    .where(and(eq(bingoTicket.gameId, game.id), eq(bingoTicket.playerId, playerId)))
    .orderBy(asc(bingoTicket.serial));
  return { status: 'SUCCESS', gameId: game.id, gameStatus: game.status, tickets: await ticketViews(db, game, tickets) };
}

/** One of the player's tickets; another player's ticket is 404, as an unknown one. */
export async function myTicket(
  db: Db,
  session: ActiveGameSession,
  lobbyGameId: string,
  ticketId: string,
): Promise<{ status: 'SUCCESS'; gameId: string; ticket: TicketView }> {
  const playerId = bingoPlayer(session, lobbyGameId);
  const [ticket] = await db
    .select()
    .from(bingoTicket)
    .where(and(eq(bingoTicket.id, ticketId), eq(bingoTicket.playerId, playerId)));
  if (!ticket) throw new AppError('NOT_FOUND', 'No ticket of yours with this id', [{ field: 'ticketId', error: 'No such ticket' }]);
  const game = await findGame(db, ticket.gameId);
  const [view] = await ticketViews(db, game, [ticket]);
  return { status: 'SUCCESS', gameId: game.id, ticket: view! };
}

// ---------------------------------------------------------------------------------------------
// A game's state, its events and verification (public: no player is named)
// ---------------------------------------------------------------------------------------------

export async function gameState(db: Db, gameId: string): Promise<z.infer<typeof bingoGameStateResponseSchema>> {
  const game = await findGame(db, gameId);
  const calls = await callsOf(db, game.id);
  const wins = await db.select().from(bingoWin).where(eq(bingoWin.gameId, game.id));
  // Winners are named by chat nickname only (issue 27); a player without one is null, shown as "a player".
  const nicknames = await chatNicknames(
    db,
    wins.map((win) => win.playerId),
  );
  const winners: { prize: BingoPrizeName; callSeq: number; tickets: number; amountEach: number[]; names: (string | null)[]; playerIds: Set<string> }[] = [];
  for (const win of wins.sort((a, b) => a.callSeq - b.callSeq || (a.ticketId < b.ticketId ? -1 : 1))) {
    let entry = winners.find((w) => w.prize === win.prize);
    if (!entry)
      winners.push((entry = { prize: win.prize as BingoPrizeName, callSeq: win.callSeq, tickets: 0, amountEach: [], names: [], playerIds: new Set() }));
    entry.tickets += 1;
    entry.amountEach.push(major(win.amount));
    if (!entry.playerIds.has(win.playerId)) {
      entry.playerIds.add(win.playerId);
      entry.names.push(nicknames.get(win.playerId) ?? null);
    }
  }
  for (const entry of winners) entry.amountEach.sort((a, b) => b - a);
  const pools = poolsOf(game);
  const rules = rulesOf(game);
  const sold = await summaryOf(db, game);
  const cancelled = game.status === 'CANCELLED' ? await cancelOf(db, game) : null;
  return {
    status: 'SUCCESS',
    gameId: game.id,
    roomId: game.roomId,
    balls: game.balls,
    gameStatus: game.status,
    startsAt: game.startsAt.toISOString(),
    serverSeedHash: game.serverSeedHash,
    serverSeed: game.revealedAt ? game.serverSeed : null,
    calls,
    playingFor: playingFor(game),
    pools: pools ? pools.prizes.map((pool) => ({ prize: pool.prize, amount: major(pool.amount) })) : [],
    winners: winners.map(({ playerIds: _ids, ...entry }) => entry),
    lastSeq: game.eventSeq,
    minPlayers: rules.minPlayers,
    minTickets: rules.minTickets,
    players: sold?.players ?? 0,
    ticketsSold: sold?.ticketsSold ?? 0,
    cancelled,
  };
}

type CancelView = z.infer<typeof bingoGameStateResponseSchema>['cancelled'];

/** Why a cancelled game was cancelled, as its CANCEL event recorded it (the counts at the close, before the refunds). */
async function cancelOf(db: Db, game: GameRow): Promise<CancelView> {
  const [event] = await db
    .select()
    .from(bingoEvent)
    .where(and(eq(bingoEvent.gameId, game.id), eq(bingoEvent.type, 'CANCEL')))
    .limit(1);
  if (!event) return null;
  const payload = event.payload as {
    reasonCode?: BingoCancelReason;
    reason?: string;
    players?: number;
    tickets?: number;
    minPlayers?: number;
    minTickets?: number;
  };
  const rules = rulesOf(game);
  const players = payload.players ?? 0;
  // Games cancelled before the event carried a code: the same rule the driver applies.
  const reason: BingoCancelReason = payload.reasonCode ?? (players < rules.minPlayers ? 'TOO_FEW_PLAYERS' : 'TOO_FEW_TICKETS');
  return {
    reason,
    players,
    tickets: payload.tickets ?? 0,
    minPlayers: payload.minPlayers ?? rules.minPlayers,
    minTickets: payload.minTickets ?? rules.minTickets,
  };
}

/** The game's events after `afterSeq`, in order (at most 500: ask again after the last one). */
export async function gameEvents(db: Db, gameId: string, afterSeq: number): Promise<z.infer<typeof bingoEventsResponseSchema>> {
  const game = await findGame(db, gameId);
  const rows = await db
    .select()
    .from(bingoEvent)
    .where(and(eq(bingoEvent.gameId, game.id), gt(bingoEvent.seq, afterSeq)))
    .orderBy(asc(bingoEvent.seq))
    .limit(500);
  return {
    status: 'SUCCESS',
    gameId: game.id,
    events: rows.map((row) => ({
      gameId: row.gameId,
      roomId: game.roomId,
      seq: row.seq,
      type: row.type as z.infer<typeof bingoEventsResponseSchema>['events'][number]['type'],
      at: row.createdAt.toISOString(),
      payload: row.payload as Record<string, unknown>,
    })),
  };
}

/** Recomputes the ball order from the revealed seed and compares it with the calls; 400 before the reveal. */
export async function verifyGame(db: Db, gameId: string): Promise<z.infer<typeof bingoVerifyResponseSchema>> {
  const game = await findGame(db, gameId);
  if (!game.revealedAt) throw new AppError('SEED_NOT_REVEALED', 'The server seed of this game is revealed when the game ends');
  const calls = await callsOf(db, game.id);
  const { ballOrder, verified } = verifyBallOrder(game, calls);
  return {
    status: 'SUCCESS',
    gameId: game.id,
    serverSeed: game.serverSeed,
    serverSeedHash: game.serverSeedHash,
    clientSeed: game.id,
    nonce: 0,
    ballOrder,
    calls,
    verified,
  };
}

// ---------------------------------------------------------------------------------------------
// A lock: tickets for games not yet started, returned
// ---------------------------------------------------------------------------------------------

/**
 * When a lock starts, the player's purchases for games still on sale are voided: the purchase's
 * debit rolled back (`bingo:<purchaseId>:refund-at-lock`) and the purchase marked refunded, so its
 * tickets are not in the game (closing sales and the calls leave refunded purchases out). The game's
 * row is read FOR SHARE, as a purchase does: closing sales (FOR UPDATE) either comes after the refund
 * or is seen, and then the tickets play on and any prize is paid as usual. Once per purchase: the
 * conditional update of `refunded_at` decides, and the wallet rolls a debit back once.
 */
export async function refundTicketsAtLock(
  db: Db,
  lobbyGameId: string,
  { playerId, reason, now }: Pick<LockSettlementContext, 'playerId' | 'reason' | 'now'>,
): Promise<SettledAtLockEntry[]> {
  const open = await db
    .select({ id: bingoPurchase.id, gameId: bingoPurchase.gameId })
    .from(bingoPurchase)
    .innerJoin(bingoGame, eq(bingoGame.id, bingoPurchase.gameId))
    .where(and(eq(bingoPurchase.playerId, playerId), isNull(bingoPurchase.refundedAt), eq(bingoGame.status, 'SELLING')));
  const refunded: SettledAtLockEntry[] = [];
  for (const purchase of open) {
    const entry = await inTransaction(db, async (tx): Promise<SettledAtLockEntry | undefined> => {
      const [game] = await tx.select().from(bingoGame).where(eq(bingoGame.id, purchase.gameId)).for('share');
      if (!game || game.status !== 'SELLING') return undefined;
      const [voided] = await tx
        .update(bingoPurchase)
        .set({ refundedAt: now })
        .where(and(eq(bingoPurchase.id, purchase.id), isNull(bingoPurchase.refundedAt)))
        .returning();
      if (!voided) return undefined;
      await createSeamlessWallet(tx).rollback({
        providerId: STUDIO_PROVIDER_ID,
        playerId,
        transactionId: lockRefundTransactionId(voided.id),
        originalTransactionId: buyTransactionId(voided.id),
        roundId: game.id,
        gameId: lobbyGameId,
        gameKind: BINGO_KIND,
      });
      return {
        kind: BINGO_KIND,
        gameId: lobbyGameId,
        id: voided.id,
        currency: game.currency,
        staked: Number(voided.amount),
        reason,
        at: now.toISOString(),
        resolution: 'VOIDED',
        returned: Number(voided.amount),
      };
    });
    if (entry) refunded.push(entry);
  }
  return refunded;
}
