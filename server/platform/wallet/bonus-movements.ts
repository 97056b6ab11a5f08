import type { Db } from '../../db/database';
import { lockPlayerAccounts, type AccountRef, type MovementRequest } from './ledger';
import { postWithPolicies, type MovementKind } from './money-policy';

/**
 * The bonus engine's money movements (server/platform/bonuses/README.md), each keyed by the bonus and a
 * step so that a retried grant, release or forfeit applies once:
 * - grant: BONUS_COST (house) → the player's BONUS, when a bonus becomes ACTIVE;
 * - release: the player's BONUS → CASH, all that remains, when wagering is complete;
 * - forfeit: the player's BONUS → BONUS_COST, all that remains, when the bonus is cancelled, expires
 *   or a lock forfeits it. Only BONUS moves: the player's cash is never touched.
 *
 * Release and forfeit lock the player's buckets and move the BONUS balance as it is then (one
 * bonus is active per player and currency, so the bucket holds only its money); zero moves nothing.
 */
export interface BonusMovement {
  /** The player bonus's id, part of the movement's idempotency key. */
  bonusId: string;
  playerId: string;
  currency: string;
}

function post(
  tx: Db,
  movement: BonusMovement,
  step: string,
  ledgerKind: string,
  policyKind: MovementKind,
  from: AccountRef,
  to: AccountRef,
  amount: bigint,
  cash: bigint,
  bonus: bigint,
) {
  const idempotencyKey = `bonus-${step}:${movement.bonusId}`;
  const request: MovementRequest = {
    idempotencyKey,
    kind: ledgerKind,
    playerId: movement.playerId,
    currency: movement.currency,
    amount,
    reference: movement.bonusId,
    postings: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
  };
  return postWithPolicies(
    tx,
    request,
    { kind: policyKind, playerId: movement.playerId, currency: movement.currency, amount, idempotencyKey },
    { CASH: cash, BONUS: bonus },
  );
}

/** Pays a bonus's amount into the player's BONUS bucket from the house's BONUS_COST. */
export async function grantBonusMoney(tx: Db, movement: BonusMovement, amount: bigint): Promise<void> {
  if (amount <= 0n) return;
  await post(
    tx,
    movement,
    'grant',
    'BONUS_GRANT',
    'bonus-grant',
    { house: 'BONUS_COST' },
    { playerId: movement.playerId, bucket: 'BONUS' },
    amount,
    0n,
    amount,
  );
}

/** Turns what remains in the player's BONUS bucket into CASH; answers the amount released. */
export async function releaseBonusMoney(tx: Db, movement: BonusMovement): Promise<bigint> {
  const { bonus } = await lockPlayerAccounts(tx, movement.playerId, movement.currency);
  if (bonus <= 0n) return 0n;
  await post(
    tx,
    movement,
    'release',
    'BONUS_RELEASE',
    'bonus-release',
    { playerId: movement.playerId, bucket: 'BONUS' },
    { playerId: movement.playerId, bucket: 'CASH' },
    bonus,
    bonus,
    -bonus,
  );
  return bonus;
}

/** Returns what remains in the player's BONUS bucket to the house; answers the amount forfeited. */
export async function forfeitBonusMoney(tx: Db, movement: BonusMovement): Promise<bigint> {
  const { bonus } = await lockPlayerAccounts(tx, movement.playerId, movement.currency);
  if (bonus <= 0n) return 0n;
  await post(
    tx,
    movement,
    'forfeit',
    'BONUS_FORFEIT',
    'bonus-forfeit',
    { playerId: movement.playerId, bucket: 'BONUS' },
    { house: 'BONUS_COST' },
    bonus,
    0n,
    -bonus,
  );
  return bonus;
}

/**
 * Adds `amount` to an ACTIVE bonus's money in the player's BONUS bucket from the house's
 * BONUS_COST: a free spin's win credited to the bonus it feeds (server/platform/bonuses/README.md "Free spins"). Keyed by the
 * bonus and `reference` (the spin's round), so each spin credits once; a grant of the same bonus
 * (`bonus-grant:<id>`) is a separate movement.
 */
export async function topUpBonusMoney(tx: Db, movement: BonusMovement, amount: bigint, reference: string): Promise<void> {
  if (amount <= 0n) return;
  await post(
    tx,
    movement,
    `top-up:${reference}`,
    'BONUS_GRANT',
    'bonus-grant',
    { house: 'BONUS_COST' },
    { playerId: movement.playerId, bucket: 'BONUS' },
    amount,
    0n,
    amount,
  );
}

/**
 * A win's share paid into BONUS after the bonus whose money staked it had ended (issue 26; the
 * money rules pay a win's bonus-funded share into BONUS): it follows that bonus — into CASH when the
 * bonus was released (its wagering was done), back to the house (BONUS_COST) when it was cancelled,
 * expired or forfeited. Moves exactly `amount` (the share; the bucket may hold another bonus's
 * money); keyed by the bonus and the win's ledger transaction (`reference`), so it applies once.
 */
export async function settleBonusWinShare(tx: Db, movement: BonusMovement, amount: bigint, reference: string, released: boolean): Promise<void> {
  if (amount <= 0n) return;
  const player = { playerId: movement.playerId, bucket: 'BONUS' } as const;
  if (released)
    await post(
      tx,
      movement,
      `release-win:${reference}`,
      'BONUS_RELEASE',
      'bonus-release',
      player,
      { playerId: movement.playerId, bucket: 'CASH' },
      amount,
      amount,
      -amount,
    );
  else await post(tx, movement, `forfeit-win:${reference}`, 'BONUS_FORFEIT', 'bonus-forfeit', player, { house: 'BONUS_COST' }, amount, 0n, -amount);
}
