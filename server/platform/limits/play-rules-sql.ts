/**
 * The responsible-gaming rules of a real-money bet, written once as SQL (RG-17…62, DEF-11) so
 * that the general path and the one-statement round run the very same rule: the general path
 * asks `refusalsSql` which rule refuses (and answers its typed error); the one-statement round
 * uses "no row" as its condition. `betWritesSql` and `clockWriteSql` are what a bet, a win or a
 * rollback adds to the player's counters, in the movement's transaction.
 *
 * Every placeholder is a SQL expression the caller has bound: the player (uuid), the currency
 * (text), the stake (bigint, minor units) and `anchor`, an expression over the movement's locked
 * account row. The locking sub-selects use the anchor so that PostgreSQL evaluates them only once
 * the player's accounts are locked: the lock order is always the wallet's accounts, then the
 * movement currency's loss and wager rows (ascending id), then the play clock, on both paths, so
 * two bets of one player cannot deadlock and the second reads the first's counters (a row locked
 * FOR UPDATE is read in its newest committed version under READ COMMITTED).
 *
 * Time is the database's `now()`: the transaction's start, the same on every node.
 */

export interface BetPlaceholders {
  player: string;
  currency: string;
  stake: string;
  /** The session-break length as an interval expression. */
  breakInterval: string;
}

/** The names of the locking CTEs `lockCtes` defines and `refusalsSql` reads. */
export const LIMITS_CTE = 'rg_m';
export const CLOCK_CTE = 'rg_k';

/**
 * The CTEs that lock what a bet's rules read and its counters change: the currency's loss and
 * wager limits (ascending id) and the play clock. `after` names the statement's CTE that locks the
 * player's accounts (they run once it has), or nothing on the general path, where the wallet holds
 * the accounts already. `lock: false` reads without locking (the play status).
 */
export function lockCtes({ player, currency }: { player: string; currency: string }, after?: string, lock = true): string[] {
  const once = after ? ` AND EXISTS (SELECT 1 FROM ${after})` : '';
  const forUpdate = lock ? ' FOR UPDATE' : '';
  return [
    `${LIMITS_CTE} AS (SELECT * FROM rg_limit WHERE player_id = ${player} AND currency = ${currency} AND limit_type IN ('LOSS_LIMIT', 'WAGER_LIMIT')${once} ORDER BY id${forUpdate})`,
    `${CLOCK_CTE} AS (SELECT * FROM rg_play_clock WHERE player_id = ${player}${once}${forUpdate})`,
  ];
}

/** A play session is live while its last real-money round is less than the break ago. */
export const liveSql = (clock: string, breakInterval: string) =>
  `(${clock}.last_activity_at IS NOT NULL AND ${clock}.last_activity_at > now() - ${breakInterval})`;
/** Milliseconds since the last round of a live session; 0 when a new session starts. */
const gapMsSql = (clock: string, breakInterval: string) =>
  `(CASE WHEN ${liveSql(clock, breakInterval)} THEN (extract(epoch FROM now() - ${clock}.last_activity_at) * 1000)::bigint ELSE 0 END)`;
/** The UK/IE calendar day (both on London time). */
export const TODAY_SQL = `to_char(now() AT TIME ZONE 'Europe/London', 'YYYY-MM-DD')`;
/** A loss or wager limit's use in its current period: 0 once the period is over. */
export const currentUseSql = (limit: string) =>
  `(CASE WHEN now() >= ${limit}.period_started_at + ${limit}.period_days * interval '1 day' THEN 0 ELSE ${limit}.cumulated END)`;
export const inForceSql = (limit: string) => `(${limit}.expires_at IS NULL OR ${limit}.expires_at > now())`;

/**
 * A lock in force: a time-out or self-exclusion not yet ended, or a self-exclusion that has ended
 * but whose player has not asked to return, or asked less than 24 hours ago (LCCP 3.5.3).
 */
export const lockInForceSql = (lock: string) =>
  `(${lock}.ends_at > now() OR (${lock}.lock_type = 'EXCLUSION' AND (${lock}.return_requested_at IS NULL OR ${lock}.return_requested_at > now() - interval '24 hours')))`;

/**
 * For the one statement that makes a player's session (issue 26 defects 3 and 4): true when a lock
 * in force refuses sign-in altogether — every lock in force but a running time-out (a
 * self-exclusion, running or ended and not yet returned from).
 */
export const signInRefusedSql = (player: string) =>
  `EXISTS (SELECT 1 FROM rg_lock sl WHERE sl.player_id = ${player} AND ${lockInForceSql('sl')} AND NOT (sl.lock_type = 'TIMEOUT' AND sl.ends_at > now()))`;

/** The end of the player's longest running time-out, or NULL: a session made now is restricted until then. */
export const timeOutEndSql = (player: string) =>
  `(SELECT max(tl.ends_at) FROM rg_lock tl WHERE tl.player_id = ${player} AND tl.lock_type = 'TIMEOUT' AND tl.ends_at > now())`;

/** The minutes of the player's time limit of `type` in force, or NULL. */
const timeLimitMinutes = (player: string, type: 'SESSION_LIMIT' | 'GAME_TIME_LIMIT') =>
  `(SELECT min(t.amount) FROM rg_limit t WHERE t.player_id = ${player} AND t.limit_type = '${type}' AND ${inForceSql('t')})`;

/**
 * Rows `(reason, until)` for every rule that refuses the bet now: PLAYER_LOCKED,
 * LIMIT_CURRENCY_NOT_SET, LOSS_LIMIT_REACHED, WAGER_LIMIT_REACHED, REALITY_CHECK_DUE,
 * SESSION_LIMIT_REACHED, GAME_TIME_LIMIT_REACHED. None: the bet may go. Reads `lockCtes`.
 */
export function refusalsSql({ player, currency, stake, breakInterval }: BetPlaceholders): string {
  const live = liveSql('k', breakInterval);
  const gap = gapMsSql('k', breakInterval);
  return `SELECT 'PLAYER_LOCKED'::text AS reason, max(l.ends_at) AS until FROM rg_lock l WHERE l.player_id = ${player} AND ${lockInForceSql('l')} HAVING count(*) > 0
  UNION ALL
  SELECT 'LIMIT_CURRENCY_NOT_SET', NULL::timestamptz FROM rg_limit o
   WHERE o.player_id = ${player} AND o.limit_type IN ('LOSS_LIMIT', 'WAGER_LIMIT') AND o.currency <> ${currency} AND ${inForceSql('o')}
     AND NOT EXISTS (SELECT 1 FROM rg_limit s WHERE s.player_id = ${player} AND s.limit_type = o.limit_type AND s.currency = ${currency} AND ${inForceSql('s')})
  UNION ALL
  SELECT CASE m.limit_type WHEN 'LOSS_LIMIT' THEN 'LOSS_LIMIT_REACHED' ELSE 'WAGER_LIMIT_REACHED' END, m.period_started_at + m.period_days * interval '1 day'
    FROM ${LIMITS_CTE} m
   WHERE ${inForceSql('m')} AND ${currentUseSql('m')} + ${stake} > m.amount
  UNION ALL
  SELECT r.reason, r.until FROM ${CLOCK_CTE} k
   CROSS JOIN LATERAL (VALUES
     ('REALITY_CHECK_DUE', NULL::timestamptz, ${live} AND k.reality_check_due_at IS NOT NULL AND k.reality_check_due_at <= now()),
     ('SESSION_LIMIT_REACHED', k.last_activity_at + ${breakInterval}, ${live} AND k.session_ms + ${gap} >= ${timeLimitMinutes(player, 'SESSION_LIMIT')} * 60000),
     ('GAME_TIME_LIMIT_REACHED', (date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '1 day') AT TIME ZONE 'Europe/London',
        k.day = ${TODAY_SQL} AND k.day_ms + ${gap} >= ${timeLimitMinutes(player, 'GAME_TIME_LIMIT')} * 60000)
   ) AS r(reason, until, refused)
   WHERE r.refused`;
}

/** The refusals as one statement of their own (the general path, with the rows locked; the play status, without). */
export function refusalsQuery(placeholders: BetPlaceholders, lock: boolean): string {
  return `WITH ${lockCtes(placeholders, undefined, lock).join(',\n  ')}
  SELECT reason, until FROM (${refusalsSql(placeholders)}) AS refusals`;
}

/**
 * What a bet (and, in a whole round, its win) adds to the movement currency's loss and wager
 * counters: a period that is over starts again now. Net loss is stakes less wins, so a win brings
 * it down (below zero, even: a net win in the period leaves more room).
 */
export function limitCountersSql({ player, currency }: { player: string; currency: string }, deltas: { loss: string; wager: string }): string {
  const reset = `now() >= rg_limit.period_started_at + rg_limit.period_days * interval '1 day'`;
  return `UPDATE rg_limit SET
      cumulated = (CASE WHEN ${reset} THEN 0 ELSE rg_limit.cumulated END) + (CASE rg_limit.limit_type WHEN 'LOSS_LIMIT' THEN ${deltas.loss} ELSE ${deltas.wager} END),
      period_started_at = CASE WHEN ${reset} THEN now() ELSE rg_limit.period_started_at END,
      last_cumulation_at = now()
    WHERE rg_limit.player_id = ${player} AND rg_limit.currency = ${currency} AND rg_limit.limit_type IN ('LOSS_LIMIT', 'WAGER_LIMIT')`;
}

/**
 * What a round adds to the play clock: the time since the last round of a live session (a new
 * session after a break starts at zero, with its reality check one interval away), today's
 * minutes, and the session's net position in the currency (`net`: wins less stakes, minor units).
 * `active` is false for a win or rollback settled on its own: it moves the net position only.
 */
export function clockWriteSql(
  { player, currency, breakInterval }: { player: string; currency: string; breakInterval: string },
  net: string,
  active: boolean,
): string {
  const k = 'rg_play_clock';
  const live = liveSql(k, breakInterval);
  const netOf = (code: 'EUR' | 'GBP') =>
    `session_net_${code.toLowerCase()} = ${active ? `(CASE WHEN ${live} THEN ${k}.session_net_${code.toLowerCase()} ELSE 0 END)` : `${k}.session_net_${code.toLowerCase()}`} + (CASE WHEN ${currency} = '${code}' THEN ${net} ELSE 0 END)`;
  if (!active) return `UPDATE ${k} SET ${netOf('EUR')}, ${netOf('GBP')} WHERE ${k}.player_id = ${player}`;
  const gap = gapMsSql(k, breakInterval);
  const interval = `(SELECT min(t.amount) FROM rg_limit t WHERE t.player_id = ${player} AND t.limit_type = 'REALITY_CHECK' AND ${inForceSql('t')})`;
  return `UPDATE ${k} SET
      session_started_at = CASE WHEN ${live} THEN ${k}.session_started_at ELSE now() END,
      session_ms = CASE WHEN ${live} THEN ${k}.session_ms + ${gap} ELSE 0 END,
      day_ms = CASE WHEN ${k}.day = ${TODAY_SQL} THEN ${k}.day_ms + ${gap} ELSE ${gap} END,
      day = ${TODAY_SQL},
      reality_check_due_at = CASE WHEN ${live} THEN ${k}.reality_check_due_at ELSE now() + ${interval} * interval '1 minute' END,
      ${netOf('EUR')}, ${netOf('GBP')},
      last_activity_at = now()
    WHERE ${k}.player_id = ${player}`;
}

/**
 * For the game server's session check (one prepared statement): true when a lock closes the
 * player's account now, so a game session opened before the lock plays no more, real or free.
 */
export const playerLockedSql = (playerColumn: string) => `EXISTS (SELECT 1 FROM rg_lock gl WHERE gl.player_id = ${playerColumn} AND ${lockInForceSql('gl')})`;
