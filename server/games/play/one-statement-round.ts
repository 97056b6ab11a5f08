import { randomUUID } from 'node:crypto';
import { executePrepared, StatementParams, type Db } from '../../db/database';
import { announceAfterCommit, roundMoneyInOneStatement } from '../../platform/wallet/index';
import { getTitle } from '../titles/registry';
import type { ActiveGameSession } from './game-session';
import { realPlayerId } from './game-owner';
import { rulesFor } from '../../jurisdiction';
import type { InstantRound, RoundRow, SpinResult } from './round-basics';
import { betTransactionId, STUDIO_PROVIDER_ID, winTransactionId } from './round-basics';
import { knownSeed, rememberSeed, forgetSeed } from './seed-cache';

/**
 * A real-money instant round in one SQL statement: the hot path of every slot spin, roulette spin
 * and plinko drop. The round's outcome is computed before the statement, from the player's active
 * seed and the nonce this node last saw it at (`seed-cache.ts`); the statement then, in one round
 * trip that commits on its own:
 *
 * 1. locks the seed row, but only while it is still the active seed at that nonce (`sd`);
 * 2. locks the player's buckets and checks the bet is affordable (the wallet's `a`, `funds`);
 * 3. claims the round's clientRequestId by inserting the SETTLED round row (`r`; a retry conflicts);
 * 4. moves the seed to the next nonce (`n`);
 * 5. writes the bet and the win with their entries and balances (the wallet's `tb`, `tw`, `u`, `e`);
 * 6. adds the round to the game session's running net position (`p`), and answers it with the
 *    balances after.
 *
 * PostgreSQL runs every data-modifying CTE to completion whether the final SELECT reads it or not.
 *
 * The rows are exactly those of the general path in `playInstantRound` (one transaction of seed
 * lock, nonce, round, debit and credit). Anything unusual writes nothing and answers `undefined`:
 * a seed this node has not seen or that moved on (another node, a rotation, a round in play), a
 * retry, a bet the player cannot afford, a money policy's condition that does not hold. The caller
 * then takes the general path, which tells those cases apart. Rules that need more checks per spin
 * (GB: the spin interval, one slot at a time) and rounds that stay in play always take the general
 * path.
 *
 * The money is the wallet's: its parts carry the money rules and every registered money policy's
 * statement parts, and the wallet alone decides whether the round's money may move in one
 * statement at all — when a policy needs the general path, `roundMoneyInOneStatement` answers
 * nothing and the round is played on the general path, where the wallet runs every policy.
 */

interface Row {
  round_created_at: Date | string;
  cash: bigint | string;
  bonus: bigint | string;
  /** Null only when the game session row is gone (the round still counts: the general path answers it). */
  net_position: bigint | string | null;
}

/** True when the session's game rules let a round skip the general path's extra checks (the money policies are the wallet's to judge). */
export function mayTakeOneStatement(session: ActiveGameSession): boolean {
  if (session.mode !== 'REAL') return false;
  const rules = rulesFor(session.country);
  return rules.minSpinIntervalMs <= 0 && rules.minGameCycleMs <= 0 && !rules.oneSlotAtATime;
}

export async function playInOneStatement(db: Db, session: ActiveGameSession, play: InstantRound, now = new Date()): Promise<SpinResult | undefined> {
  const playerId = realPlayerId(session);
  const seed = knownSeed(playerId);
  if (!seed) return undefined;
  const computed = play.compute(seed, seed.nextNonce);
  if (computed.inPlay) return undefined;
  const roundId = randomUUID();
  const stake = BigInt(play.stakeMinor);
  const game = {
    providerId: STUDIO_PROVIDER_ID,
    playerId,
    roundId,
    gameId: session.gameId,
    gameKind: getTitle(session.gameId)?.kind,
    currency: session.currency,
  };
  const params = new StatementParams();
  const money = await roundMoneyInOneStatement(
    db,
    { ...game, transactionId: betTransactionId(roundId), amount: stake },
    { ...game, transactionId: winTransactionId(roundId), amount: computed.win },
    params,
    { after: 'sd', claim: 'r' },
  );
  // A money policy needs the general path for this round's bet or win.
  if (!money) return undefined;
  const outcome = JSON.stringify(computed.outcome);
  const player = params.add(playerId, 'uuid');
  const seedId = params.add(seed.id, 'uuid');
  const nonce = params.add(seed.nextNonce, 'integer');
  const gameId = params.add(session.gameId);
  const at = params.add(now, 'timestamptz');
  const text = `WITH sd AS (
    SELECT id FROM game_seed WHERE id = ${seedId} AND player_id = ${player} AND next_nonce = ${nonce} AND revealed_at IS NULL FOR UPDATE),
  ${money.locks},
  r AS (
    INSERT INTO game_round (id, player_id, game_id, mode, currency, stake, win, status, seed_id, nonce, outcome, client_request_id, created_at, settled_at)
    SELECT ${params.add(roundId, 'uuid')}, ${player}, ${gameId}, 'REAL', ${params.add(session.currency)}, ${params.add(stake, 'bigint')}, ${params.add(computed.win, 'bigint')}, 'SETTLED',
           sd.id, ${nonce}, ${params.add(outcome, 'jsonb')}, ${params.add(play.clientRequestId)}, ${at}, ${at}
      FROM sd, funds
    ON CONFLICT (player_id, client_request_id) DO NOTHING
    RETURNING id, created_at),
  n AS (
    UPDATE game_seed SET next_nonce = game_seed.next_nonce + 1 FROM r WHERE game_seed.id = ${seedId} RETURNING 1),
  ${money.writes},
  p AS (
    UPDATE game_session SET net_position = game_session.net_position + ${params.add(computed.win - stake, 'bigint')}
      FROM r WHERE game_session.token_hash = ${params.add(session.tokenHash)} RETURNING game_session.net_position)
  SELECT r.created_at AS round_created_at, ${money.balances}, (SELECT net_position FROM p) AS net_position
    FROM r, funds`;
  const [row] = await executePrepared<Row>(db, money.statementName('game-instant-round', text), text, params.values);
  if (!row) {
    forgetSeed(playerId);
    return undefined;
  }
  rememberSeed(playerId, { ...seed, nextNonce: seed.nextNonce + 1 });
  announceAfterCommit(db, [playerId]);
  const round: RoundRow = {
    id: roundId,
    playerId,
    visitorId: null,
    gameId: session.gameId,
    mode: 'REAL',
    currency: session.currency,
    stake,
    win: computed.win,
    status: 'SETTLED',
    seedId: seed.id,
    nonce: seed.nextNonce,
    outcome: JSON.parse(outcome) as unknown,
    clientRequestId: play.clientRequestId,
    createdAt: new Date(row.round_created_at),
    settledAt: new Date(row.round_created_at),
  };
  return {
    round,
    serverSeedHash: seed.serverSeedHash,
    balance: BigInt(row.cash) + BigInt(row.bonus),
    ...(row.net_position === null ? {} : { netPosition: BigInt(row.net_position) }),
  };
}
