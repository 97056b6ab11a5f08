import { executePrepared, StatementParams, type Db } from '../../db/database';
import { sha256Hex } from '../../http/digest';
import { AppError } from '../../http/app-error';
import { findPlayer } from '../accounts/index';
import { inTransaction } from '../../db/transaction';
import {
  findTransaction,
  houseAccountId,
  isUnknownPlayerError,
  lockPlayerAccounts,
  movementFingerprint,
  postMovement,
  type MovementRequest,
  type Posting,
} from './ledger';
import { postInTransaction, walletOf, type GameRef, type MoneyMovement } from './money-policy';
import { splitStake, splitWin, WIN_BUCKET, type BucketAmounts } from './money-rules';
import { creditInOneStatement, debitInOneStatement, roundMoneyParts, roundStakesSql, type GameMovement, type RoundMoneyParts } from './one-statement-movements';

/**
 * The seamless-wallet interface (ARCHITECTURE §2): the only way a game moves a player's money.
 * Our own game server calls it in process; third-party providers reach the same functions over
 * signed HTTP (wallet.plugin.ts). Every call is idempotent by the provider's transaction id.
 *
 * - debit: takes the stake by the money rules (`money-rules.ts`: CASH first, then BONUS) to the
 *   house account GAME; the split is kept in the transaction's metadata (`split: {cash, bonus}` in minor units) so that a rollback returns each
 *   part to its own bucket and a bonus engine can build on it. Not enough money: INSUFFICIENT_FUNDS,
 *   nothing changes.
 * - credit: pays from GAME by the money rules: the share of the win that the round's stakes paid
 *   from BONUS (their recorded splits) into BONUS, the rest into CASH (issue 26: winnings of bonus
 *   money are bonus money until wagering completes). A credit of 0 (a lost round) records the id
 *   and moves nothing.
 * - rollback: returns exactly what a debit took, once per debit: a second rollback of the same
 *   debit (under any rollback id) is a replay of the first. Only debits can be rolled back.
 *   Rolling back an id the wallet has never seen answers TRANSACTION_NOT_FOUND and records a
 *   cancellation marker under that id, so a debit that arrives late with it is refused
 *   (IDEMPOTENCY_CONFLICT) instead of taking money for a round the provider has already cancelled.
 *
 * Every debit, credit and rollback passes the registered money policies (`money-policy.ts`) in its
 * transaction; the wallet takes the one-statement path only when every policy that looks at the
 * movement can run as part of the statement.
 *
 * Ledger keys: `game:<providerId>:<transactionId>` for debits, credits and cancellation markers;
 * `game-rollback:<providerId>:<debit transactionId>` for the one rollback of a debit. A provider's
 * transaction ids therefore share one namespace: reusing an id for another request is refused.
 */

export const SEAMLESS_ENTRY_KINDS = {
  debit: 'GAME_BET',
  credit: 'GAME_WIN',
  rollback: 'GAME_ROLLBACK',
  /** Recorded by a rollback of an unknown transaction id; moves nothing. */
  cancelled: 'GAME_BET_CANCELLED',
} as const;

/** The currency recorded on a cancellation marker: ISO 4217 "no currency involved". */
const NO_CURRENCY = 'XXX';

interface GameCall {
  /** The provider's id, as configured in WALLET_PROVIDER_SECRETS (our own studio: emerald-studio). */
  providerId: string;
  playerId: string;
  /** The provider's id of this call; the idempotency key. */
  transactionId: string;
  roundId: string;
  gameId: string;
  /** The kind of game (slot, roulette, …), for the money policies; third-party providers may not say. */
  gameKind?: string;
  /**
   * Set only by our game server, in process, for a round it held to the jurisdiction's game cycle
   * under the player's seed lock itself (`enforceGameCycle`); never from a provider's HTTP call.
   */
  gameCycleHeld?: true;
}

export interface GameDebit extends GameCall {
  currency: string;
  /** Minor units, positive. */
  amount: bigint;
}

export interface GameCredit extends GameCall {
  currency: string;
  /** Minor units, zero or positive. */
  amount: bigint;
}

export interface GameRollback extends GameCall {
  /** The debit being cancelled. */
  originalTransactionId: string;
  /** Why our own game server returned the stake (a code, e.g. a bingo game cancelled for too few players): the player's game history shows it. */
  reason?: string;
}

export interface WalletOutcome {
  /** The provider's transaction id, as sent. */
  transactionId: string;
  ledgerTransactionId: bigint;
  /** True when this id had already been applied: nothing moved this time. */
  replayed: boolean;
  currency: string;
  /** The player's buckets in this currency after the call, in minor units. */
  cash: bigint;
  bonus: bigint;
}

export interface SeamlessWallet {
  debit(request: GameDebit): Promise<WalletOutcome>;
  credit(request: GameCredit): Promise<WalletOutcome>;
  /** Throws TRANSACTION_NOT_FOUND (after recording the cancellation marker) for an unknown debit. */
  rollback(request: GameRollback): Promise<WalletOutcome>;
}

export const gameKey = (providerId: string, transactionId: string) => `game:${providerId}:${transactionId}`;
export const gameRollbackKey = (providerId: string, originalTransactionId: string) => `game-rollback:${providerId}:${originalTransactionId}`;

const fingerprint = (parts: unknown[]) => sha256Hex(JSON.stringify(parts));

interface Split {
  cash: bigint;
  bonus: bigint;
}

function splitOf(metadata: Record<string, unknown>): Split {
  const split = metadata.split as { cash?: unknown; bonus?: unknown } | undefined;
  if (!split || typeof split.cash !== 'string' || typeof split.bonus !== 'string') throw new Error('debit without its cash/bonus split');
  return { cash: BigInt(split.cash), bonus: BigInt(split.bonus) };
}

const unknownPlayer = () => new AppError('NOT_FOUND', 'No player with this playerId');

async function refuseIfCancelled(tx: Db, providerId: string, transactionId: string, error: unknown): Promise<never> {
  if (error instanceof AppError && error.status === 'IDEMPOTENCY_CONFLICT') {
    const existing = await findTransaction(tx, gameKey(providerId, transactionId));
    if (existing?.kind === SEAMLESS_ENTRY_KINDS.cancelled) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 'This transaction was rolled back before it arrived; it is not applied');
    }
  }
  if (isUnknownPlayerError(error)) throw unknownPlayer();
  throw error;
}

function gameRef({ providerId, gameId, roundId, gameKind, gameCycleHeld }: GameCall): GameRef {
  return { providerId, gameId, roundId, ...(gameKind === undefined ? {} : { kind: gameKind }), ...(gameCycleHeld ? { gameCycleHeld } : {}) };
}

/** A game movement as the money policies see it. */
function moneyMovement(kind: 'bet' | 'win' | 'rollback', call: GameCall, currency: string, amount: bigint, idempotencyKey: string): MoneyMovement {
  return { kind, playerId: call.playerId, currency, amount, idempotencyKey, game: gameRef(call) };
}

/** A debit's ledger movement as the one-statement paths write it (the general path adds the same split). */
function debitMovement(request: GameDebit): GameMovement {
  const { providerId, playerId, currency, amount, transactionId, roundId, gameId } = request;
  const idempotencyKey = gameKey(providerId, transactionId);
  return {
    idempotencyKey,
    requestFingerprint: fingerprint(['debit', providerId, playerId, currency, String(amount), roundId, gameId]),
    kind: SEAMLESS_ENTRY_KINDS.debit,
    playerId,
    currency,
    amount,
    reference: roundId,
    gameId,
    metadata: { providerId, transactionId, roundId },
    money: moneyMovement('bet', request, currency, amount, idempotencyKey),
  };
}

/**
 * A credit's ledger movement as if all of it were paid into WIN_BUCKET: what identifies the request
 * (its fingerprint), whatever the split the round's stakes give it. The general path posts the
 * split (`winPostings`) under this fingerprint, so a retried credit is a replay.
 */
function creditRequest({
  providerId,
  playerId,
  currency,
  amount,
  transactionId,
  roundId,
  gameId,
}: GameCredit): MovementRequest & { metadata: Record<string, unknown> } {
  return {
    idempotencyKey: gameKey(providerId, transactionId),
    kind: SEAMLESS_ENTRY_KINDS.credit,
    playerId,
    currency,
    amount,
    postings:
      amount === 0n
        ? []
        : [
            { account: { house: 'GAME' }, amount: -amount },
            { account: { playerId, bucket: WIN_BUCKET }, amount },
          ],
    reference: roundId,
    gameId,
    metadata: { providerId, transactionId, roundId },
  };
}

/** A credit's ledger movement, under the fingerprint postMovement gives the same postings. */
function creditMovement(request: GameCredit, movement = creditRequest(request)): GameMovement {
  const { idempotencyKey, kind, currency, amount, metadata } = movement;
  return {
    idempotencyKey,
    requestFingerprint: movementFingerprint(movement),
    kind,
    playerId: request.playerId,
    currency,
    amount,
    reference: request.roundId,
    gameId: request.gameId,
    metadata,
    money: moneyMovement('win', request, currency, amount, idempotencyKey),
    wonWith: { betKind: SEAMLESS_ENTRY_KINDS.debit, providerId: request.providerId },
  };
}

/** A win's postings: from GAME, into each bucket what the money rules pay into it. */
function winPostings(playerId: string, amount: bigint, paid: BucketAmounts): Posting[] {
  if (amount === 0n) return [];
  const postings: Posting[] = [
    { account: { house: 'GAME' }, amount: -amount },
    { account: { playerId, bucket: WIN_BUCKET }, amount: paid[WIN_BUCKET] },
    { account: { playerId, bucket: 'BONUS' }, amount: paid.BONUS },
  ];
  return postings.filter((posting) => posting.amount !== 0n);
}

/** What the round's bets staked in all and of it from BONUS (their recorded splits): what a win of the round is split by. */
async function roundStakes(tx: Db, request: GameCredit): Promise<{ stake: bigint; fromBonus: bigint }> {
  const params = new StatementParams();
  const text = roundStakesSql({
    player: params.add(request.playerId, 'uuid'),
    currency: params.add(request.currency),
    round: params.add(request.roundId),
    betKind: params.add(SEAMLESS_ENTRY_KINDS.debit),
    providerId: params.add(request.providerId),
  });
  const [row] = await executePrepared<{ stake: bigint | string; from_bonus: bigint | string }>(tx, 'wallet-round-stakes', text, params.values);
  return { stake: BigInt(row?.stake ?? 0), fromBonus: BigInt(row?.from_bonus ?? 0) };
}

/**
 * A whole instant round (its bet and its win) as parts of one statement that also writes the
 * game's rows (`roundMoneyParts`), for our own game server, in process; `undefined` when a money
 * policy needs the general path for the bet or the win — the wallet decides, the caller then plays
 * the round on the general path. The rows are those `debit` then `credit` would write, so either
 * is a replay of them.
 */
export async function roundMoneyInOneStatement(
  db: Db,
  bet: GameDebit,
  win: GameCredit,
  params: StatementParams,
  names: { after: string; claim: string },
): Promise<RoundMoneyParts | undefined> {
  const gameAccount = await houseAccountId(db, 'GAME', bet.currency);
  return roundMoneyParts({ bet: debitMovement(bet), win: creditMovement(win), gameAccount, wallet: walletOf(db) }, params, names);
}

/**
 * The seamless wallet on `db` (the database, or a transaction the movements join). The money
 * policies are those of the wallet attached to `db`'s database (`attachWallet`).
 */
export function createSeamlessWallet(db: Db): SeamlessWallet {
  async function debit(request: GameDebit): Promise<WalletOutcome> {
    if (request.amount <= 0n) throw new RangeError('a debit amount must be positive');
    const { providerId, playerId, currency, amount, transactionId } = request;
    const movement = debitMovement(request);
    // The ordinary debit in one statement, when the policies allow it; a replay, a conflict, a refusal or a policy needing the general path take the general path below.
    const fast = await debitInOneStatement(db, movement);
    if (fast) return { transactionId, ledgerTransactionId: fast.transactionId, replayed: false, currency, cash: fast.cash, bonus: fast.bonus };
    return inTransaction(db, async (tx) => {
      const before = await lockPlayerAccounts(tx, playerId, currency);
      const key = movement.idempotencyKey;
      if (before.cash + before.bonus < amount) {
        // Not enough money: refused, unless this is a retry of a debit that was already applied.
        const existing = await findTransaction(tx, key);
        if (!existing) {
          if (!(await findPlayer(tx, playerId))) throw unknownPlayer();
          throw new AppError('INSUFFICIENT_FUNDS', 'The player does not have enough money for this bet');
        }
      }
      const balanceBefore = { CASH: before.cash, BONUS: before.bonus };
      const take = splitStake(balanceBefore, amount);
      const postings: Posting[] = [
        { account: { playerId, bucket: 'CASH' }, amount: -take.CASH },
        { account: { playerId, bucket: 'BONUS' }, amount: -take.BONUS },
        { account: { house: 'GAME' }, amount },
      ];
      const result = await postInTransaction(
        tx,
        {
          idempotencyKey: key,
          requestFingerprint: movement.requestFingerprint,
          kind: SEAMLESS_ENTRY_KINDS.debit,
          playerId,
          currency,
          amount,
          postings: postings.filter((posting) => posting.amount !== 0n),
          reference: movement.reference,
          gameId: movement.gameId,
          metadata: { ...movement.metadata, split: { cash: String(take.CASH), bonus: String(take.BONUS) } },
        },
        movement.money,
        { CASH: -take.CASH, BONUS: -take.BONUS },
        balanceBefore,
      ).catch((error: unknown) => refuseIfCancelled(tx, providerId, transactionId, error));
      if (result.replayed)
        return { transactionId, ledgerTransactionId: result.transactionId, replayed: true, currency, cash: before.cash, bonus: before.bonus };
      return {
        transactionId,
        ledgerTransactionId: result.transactionId,
        replayed: false,
        currency,
        cash: before.cash - take.CASH,
        bonus: before.bonus - take.BONUS,
      };
    });
  }

  async function credit(request: GameCredit): Promise<WalletOutcome> {
    if (request.amount < 0n) throw new RangeError('a credit amount must not be negative');
    const { providerId, playerId, currency, amount, transactionId } = request;
    const ledgerMovement = creditRequest(request);
    const movement = creditMovement(request, ledgerMovement);
    // The ordinary credit in one statement, under the fingerprint postMovement gives the same postings.
    const fast = await creditInOneStatement(db, movement);
    if (fast) return { transactionId, ledgerTransactionId: fast.transactionId, replayed: false, currency, cash: fast.cash, bonus: fast.bonus };
    return inTransaction(db, async (tx) => {
      const before = await lockPlayerAccounts(tx, playerId, currency);
      // The money rules split the win by the round's stakes: a share for BONUS when bonus money staked.
      const stakes = await roundStakes(tx, request);
      const paid = splitWin(amount, stakes.stake, stakes.fromBonus);
      const result = await postInTransaction(
        tx,
        { ...ledgerMovement, postings: winPostings(playerId, amount, paid), requestFingerprint: movement.requestFingerprint },
        movement.money,
        paid,
        { CASH: before.cash, BONUS: before.bonus },
      ).catch((error: unknown) => refuseIfCancelled(tx, providerId, transactionId, error));
      if (result.replayed)
        return { transactionId, ledgerTransactionId: result.transactionId, replayed: true, currency, cash: before.cash, bonus: before.bonus };
      return {
        transactionId,
        ledgerTransactionId: result.transactionId,
        replayed: false,
        currency,
        cash: before.cash + paid.CASH,
        bonus: before.bonus + paid.BONUS,
      };
    });
  }

  async function rollback(request: GameRollback): Promise<WalletOutcome> {
    const { providerId, playerId, transactionId, originalTransactionId, roundId, gameId } = request;
    const outcome = await inTransaction(db, async (tx): Promise<WalletOutcome | 'not-found'> => {
      // Twice at most: a debit committed while the marker was being written is then rolled back normally.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const original = await findTransaction(tx, gameKey(providerId, originalTransactionId));
        if (!original) {
          try {
            // Moves no money, so no money policy looks at it.
            await postMovement(tx, {
              idempotencyKey: gameKey(providerId, originalTransactionId),
              requestFingerprint: fingerprint(['cancelled', providerId, playerId, originalTransactionId]),
              kind: SEAMLESS_ENTRY_KINDS.cancelled,
              playerId,
              currency: NO_CURRENCY,
              amount: 0n,
              postings: [],
              reference: roundId,
              gameId,
              metadata: { providerId, transactionId: originalTransactionId, cancelledBy: transactionId, roundId },
            });
            return 'not-found';
          } catch (error) {
            if (isUnknownPlayerError(error)) throw unknownPlayer();
            if (error instanceof AppError && error.status === 'IDEMPOTENCY_CONFLICT') continue;
            throw error;
          }
        }
        if (original.kind === SEAMLESS_ENTRY_KINDS.cancelled || original.playerId !== playerId) return 'not-found';
        if (original.kind !== SEAMLESS_ENTRY_KINDS.debit) {
          throw new AppError('VALIDATION_ERROR', 'Only a debit can be rolled back', [
            { field: 'originalTransactionId', error: 'is not a debit; only debits can be rolled back' },
          ]);
        }
        const currency = original.currency;
        const split = splitOf(original.metadata);
        const before = await lockPlayerAccounts(tx, playerId, currency);
        const postings: Posting[] = [
          { account: { house: 'GAME' }, amount: -original.amount },
          { account: { playerId, bucket: 'CASH' }, amount: split.cash },
          { account: { playerId, bucket: 'BONUS' }, amount: split.bonus },
        ];
        const key = gameRollbackKey(providerId, originalTransactionId);
        const result = await postInTransaction(
          tx,
          {
            idempotencyKey: key,
            // Any rollback of the same debit is the same request: the second one is a replay.
            requestFingerprint: fingerprint(['rollback', providerId, playerId, originalTransactionId]),
            kind: SEAMLESS_ENTRY_KINDS.rollback,
            playerId,
            currency,
            amount: original.amount,
            postings: postings.filter((posting) => posting.amount !== 0n),
            reference: roundId,
            gameId,
            reversesTransactionId: original.id,
            metadata: {
              providerId,
              transactionId,
              originalTransactionId,
              roundId,
              split: { cash: String(split.cash), bonus: String(split.bonus) },
              ...(request.reason === undefined ? {} : { reason: request.reason }),
            },
          },
          { ...moneyMovement('rollback', request, currency, original.amount, key), reversesLedgerTransactionId: original.id },
          { CASH: split.cash, BONUS: split.bonus },
          { CASH: before.cash, BONUS: before.bonus },
        );
        if (result.replayed)
          return { transactionId, ledgerTransactionId: result.transactionId, replayed: true, currency, cash: before.cash, bonus: before.bonus };
        return {
          transactionId,
          ledgerTransactionId: result.transactionId,
          replayed: false,
          currency,
          cash: before.cash + split.cash,
          bonus: before.bonus + split.bonus,
        };
      }
      throw new Error(`rollback of ${originalTransactionId} could not settle`);
    });
    // The marker is committed; the provider is told clearly that there was nothing to roll back.
    if (outcome === 'not-found') {
      throw new AppError('TRANSACTION_NOT_FOUND', 'No debit with this originalTransactionId for this player; a debit arriving later with this id is refused');
    }
    return outcome;
  }

  return { debit, credit, rollback };
}
