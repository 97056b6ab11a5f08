import type { Db, StatementParams } from '../../db/database';
import { sha256Hex } from '../../http/digest';
import { AppError } from '../../http/app-error';
import { findPlayer } from '../accounts/players.repository';
import { findTransaction, houseAccountId, inTransaction, isUnknownPlayerError, lockPlayerAccounts, movementFingerprint, postMovement, type LockedPlayerAccounts, type MovementRequest, type Posting, type PostingHooks } from './ledger';
import { creditInOneStatement, debitInOneStatement, roundMoneyParts, type GameMovement } from './one-statement-movements';

/**
 * The seamless-wallet interface (ARCHITECTURE §2): the only way a game moves a player's money.
 * Our own game server calls it in process; third-party providers reach the same functions over
 * signed HTTP (wallet.plugin.ts). Every call is idempotent by the provider's transaction id.
 *
 * - debit: takes CASH first, then BONUS, to the house account GAME; the split is kept in the
 *   transaction's metadata (`split: {cash, bonus}` in minor units) so that a rollback returns each
 *   part to its own bucket and a bonus engine can build on it. Not enough money: INSUFFICIENT_FUNDS,
 *   nothing changes.
 * - credit: pays from GAME into CASH. A credit of 0 (a lost round) records the id and moves nothing.
 * - rollback: returns exactly what a debit took, once per debit: a second rollback of the same
 *   debit (under any rollback id) is a replay of the first. Only debits can be rolled back.
 *   Rolling back an id the wallet has never seen answers TRANSACTION_NOT_FOUND and records a
 *   cancellation marker under that id, so a debit that arrives late with it is refused
 *   (IDEMPOTENCY_CONFLICT) instead of taking money for a round the provider has already cancelled.
 *
 * Ledger keys: `game:<providerId>:<transactionId>` for debits, credits and cancellation markers;
 * `game-rollback:<providerId>:<debit transactionId>` for the one rollback of a debit. A provider's
 * transaction ids therefore share one namespace: reusing an id for another request is refused.
 */

export const GAME_KINDS = {
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
}

/** What a guard sees: the movement about to be posted, with its CASH/BONUS parts. */
export interface GuardedMovement {
  operation: 'debit' | 'credit' | 'rollback';
  providerId: string;
  playerId: string;
  currency: string;
  transactionId: string;
  roundId: string;
  gameId: string;
  /** Minor units moved, always positive: out of the player's buckets for a debit, into them otherwise. */
  amount: bigint;
  cash: bigint;
  bonus: bigint;
  /** The player's balances in this currency before the movement (locked until commit). */
  balanceBefore: LockedPlayerAccounts;
  /** The ledger transaction being written. */
  ledgerTransactionId: bigint;
}

/**
 * A check that runs inside the movement's database transaction, after the transaction id has
 * been claimed (never for a replay) and before money moves; throwing an AppError refuses the
 * movement and nothing changes. Responsible-gaming limits (loss, wager, locks) plug in here.
 */
export type WalletGuard = (tx: Db, movement: GuardedMovement) => Promise<void>;

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
    if (existing?.kind === GAME_KINDS.cancelled) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 'This transaction was rolled back before it arrived; it is not applied');
    }
  }
  if (isUnknownPlayerError(error)) throw unknownPlayer();
  throw error;
}

async function runGuards(guards: readonly WalletGuard[], tx: Db, movement: GuardedMovement): Promise<void> {
  for (const guard of guards) await guard(tx, movement);
}

/** A debit's ledger movement as the one-statement paths write it (the general path adds the same split). */
function debitMovement({ providerId, playerId, currency, amount, transactionId, roundId, gameId }: GameDebit): GameMovement {
  return {
    idempotencyKey: gameKey(providerId, transactionId),
    requestFingerprint: fingerprint(['debit', providerId, playerId, currency, String(amount), roundId, gameId]),
    kind: GAME_KINDS.debit,
    playerId,
    currency,
    amount,
    reference: roundId,
    gameId,
    metadata: { providerId, transactionId, roundId },
  };
}

function creditRequest({ providerId, playerId, currency, amount, transactionId, roundId, gameId }: GameCredit): MovementRequest & { metadata: Record<string, unknown> } {
  return {
    idempotencyKey: gameKey(providerId, transactionId),
    kind: GAME_KINDS.credit,
    playerId,
    currency,
    amount,
    postings:
      amount === 0n
        ? []
        : [
            { account: { house: 'GAME' }, amount: -amount },
            { account: { playerId, bucket: 'CASH' }, amount },
          ],
    reference: roundId,
    gameId,
    metadata: { providerId, transactionId, roundId },
  };
}

/** A credit's ledger movement, under the fingerprint postMovement gives the same postings. */
function creditMovement(request: GameCredit, movement = creditRequest(request)): GameMovement {
  const { idempotencyKey, kind, currency, amount, metadata } = movement;
  return { idempotencyKey, requestFingerprint: movementFingerprint(movement), kind, playerId: request.playerId, currency, amount, reference: request.roundId, gameId: request.gameId, metadata };
}

/**
 * A whole instant round (its bet and its win) as parts of one statement that also writes the
 * game's rows (`roundMoneyParts`): for our own game server, in process, when the wallet has no
 * guards. The rows are those `debit` then `credit` would write, so either is a replay of them.
 */
export async function roundMoneyInOneStatement(db: Db, bet: GameDebit, win: GameCredit, params: StatementParams, names: { after: string; claim: string }) {
  const gameAccount = await houseAccountId(db, 'GAME', bet.currency);
  return roundMoneyParts({ bet: debitMovement(bet), win: creditMovement(win), gameAccount }, params, names);
}

export function createSeamlessWallet(db: Db, options: { guards?: readonly WalletGuard[] } = {}): SeamlessWallet {
  const guards = options.guards ?? [];
  // Without guards there is nothing to run between the claim and the posting, which lets the ledger post in one statement.
  const guarded = (hook: (ledgerTransactionId: bigint) => Promise<void>): PostingHooks => (guards.length > 0 ? { beforePosting: hook } : {});

  async function debit(request: GameDebit): Promise<WalletOutcome> {
    if (request.amount <= 0n) throw new RangeError('a debit amount must be positive');
    const { providerId, playerId, currency, amount, transactionId, roundId, gameId } = request;
    const movement = debitMovement(request);
    const { requestFingerprint, metadata } = movement;
    if (guards.length === 0) {
      // The ordinary debit in one statement; a replay, a conflict or a refusal takes the general path below.
      const fast = await debitInOneStatement(db, movement);
      if (fast) return { transactionId, ledgerTransactionId: fast.transactionId, replayed: false, currency, cash: fast.cash, bonus: fast.bonus };
    }
    return inTransaction(db, async (tx) => {
      const before = await lockPlayerAccounts(tx, playerId, currency);
      const key = gameKey(providerId, transactionId);
      if (before.cash + before.bonus < amount) {
        // Not enough money: refused, unless this is a retry of a debit that was already applied.
        const existing = await findTransaction(tx, key);
        if (!existing) {
          if (!(await findPlayer(tx, playerId))) throw unknownPlayer();
          throw new AppError('INSUFFICIENT_FUNDS', 'The player does not have enough money for this bet');
        }
      }
      const cash = before.cash >= amount ? amount : before.cash;
      const bonus = amount - cash;
      const postings: Posting[] = [
        { account: { playerId, bucket: 'CASH' }, amount: -cash },
        { account: { playerId, bucket: 'BONUS' }, amount: -bonus },
        { account: { house: 'GAME' }, amount },
      ];
      const result = await postMovement(
        tx,
        {
          idempotencyKey: key,
          requestFingerprint,
          kind: GAME_KINDS.debit,
          playerId,
          currency,
          amount,
          postings: postings.filter((posting) => posting.amount !== 0n),
          reference: roundId,
          gameId,
          metadata: { ...metadata, split: { cash: String(cash), bonus: String(bonus) } },
        },
        guarded((ledgerTransactionId) =>
          runGuards(guards, tx, { operation: 'debit', providerId, playerId, currency, transactionId, roundId, gameId, amount, cash, bonus, balanceBefore: before, ledgerTransactionId }),
        ),
      ).catch((error: unknown) => refuseIfCancelled(tx, providerId, transactionId, error));
      if (result.replayed) return { transactionId, ledgerTransactionId: result.transactionId, replayed: true, currency, cash: before.cash, bonus: before.bonus };
      return { transactionId, ledgerTransactionId: result.transactionId, replayed: false, currency, cash: before.cash - cash, bonus: before.bonus - bonus };
    });
  }

  async function credit(request: GameCredit): Promise<WalletOutcome> {
    if (request.amount < 0n) throw new RangeError('a credit amount must not be negative');
    const { providerId, playerId, currency, amount, transactionId, roundId, gameId } = request;
    const movement = creditRequest(request);
    if (guards.length === 0) {
      // The ordinary credit in one statement, under the fingerprint postMovement gives the same postings.
      const fast = await creditInOneStatement(db, creditMovement(request, movement));
      if (fast) return { transactionId, ledgerTransactionId: fast.transactionId, replayed: false, currency, cash: fast.cash, bonus: fast.bonus };
    }
    return inTransaction(db, async (tx) => {
      const before = await lockPlayerAccounts(tx, playerId, currency);
      const result = await postMovement(
        tx,
        movement,
        guarded((ledgerTransactionId) =>
          runGuards(guards, tx, { operation: 'credit', providerId, playerId, currency, transactionId, roundId, gameId, amount, cash: amount, bonus: 0n, balanceBefore: before, ledgerTransactionId }),
        ),
      ).catch((error: unknown) => refuseIfCancelled(tx, providerId, transactionId, error));
      const cash = result.replayed ? before.cash : before.cash + amount;
      return { transactionId, ledgerTransactionId: result.transactionId, replayed: result.replayed, currency, cash, bonus: before.bonus };
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
            await postMovement(tx, {
              idempotencyKey: gameKey(providerId, originalTransactionId),
              requestFingerprint: fingerprint(['cancelled', providerId, playerId, originalTransactionId]),
              kind: GAME_KINDS.cancelled,
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
        if (original.kind === GAME_KINDS.cancelled || original.playerId !== playerId) return 'not-found';
        if (original.kind !== GAME_KINDS.debit) {
          throw new AppError('VALIDATION_ERROR', 'Only a debit can be rolled back', [{ field: 'originalTransactionId', error: 'is not a debit; only debits can be rolled back' }]);
        }
        const currency = original.currency;
        const split = splitOf(original.metadata);
        const before = await lockPlayerAccounts(tx, playerId, currency);
        const postings: Posting[] = [
          { account: { house: 'GAME' }, amount: -original.amount },
          { account: { playerId, bucket: 'CASH' }, amount: split.cash },
          { account: { playerId, bucket: 'BONUS' }, amount: split.bonus },
        ];
        const result = await postMovement(
          tx,
          {
            idempotencyKey: gameRollbackKey(providerId, originalTransactionId),
            // Any rollback of the same debit is the same request: the second one is a replay.
            requestFingerprint: fingerprint(['rollback', providerId, playerId, originalTransactionId]),
            kind: GAME_KINDS.rollback,
            playerId,
            currency,
            amount: original.amount,
            postings: postings.filter((posting) => posting.amount !== 0n),
            reference: roundId,
            gameId,
            reversesTransactionId: original.id,
            metadata: { providerId, transactionId, originalTransactionId, roundId, split: { cash: String(split.cash), bonus: String(split.bonus) } },
          },
          guarded((ledgerTransactionId) =>
            runGuards(guards, tx, { operation: 'rollback', providerId, playerId, currency, transactionId, roundId, gameId, amount: original.amount, cash: split.cash, bonus: split.bonus, balanceBefore: before, ledgerTransactionId }),
          ),
        );
        if (result.replayed) return { transactionId, ledgerTransactionId: result.transactionId, replayed: true, currency, cash: before.cash, bonus: before.bonus };
        return { transactionId, ledgerTransactionId: result.transactionId, replayed: false, currency, cash: before.cash + split.cash, bonus: before.bonus + split.bonus };
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
