import type { ErrorStatus } from '../../../contracts/errors';
import { executePrepared, StatementParams, type Db } from '../../db/database';
import { PolicyRefusal, type MoneyMovement, type MoneyPolicy, type PendingMovement, type PostedMovement, type StatementContext } from '../wallet/index';
import { noteLimitReached, type LimitNotices } from './limit-hits';
import { clockWriteSql, limitCountersSql, lockCtes, refusalsQuery, refusalsSql } from './play-rules-sql';
import type { LimitSettings } from './settings';

/**
 * The responsible-gaming money policies (ARCHITECTURE §2, §3): built from the module's settings by the
 * composition root (server/modules.ts), which puts them into the server's wallet at the
 * wallet's policy point, they run inside every real-money bet's, win's and rollback's transaction,
 * on the general path and, as SQL parts, in the one-statement round. Nothing a game does reaches
 * the money past them: a second node runs the same rules on the same rows, and a second currency
 * has its own limits or none may be played (LIMIT_CURRENCY_NOT_SET).
 *
 * Two policies, because a policy writes one CTE in a statement and a row may be updated once per
 * statement: the limits policy (refusals, and the loss and wager counters) and the play-clock
 * policy (time played, net position, the reality check's next time).
 */

type BreakSetting = Pick<LimitSettings, 'breakMinutes'>;

const breakInterval = (params: StatementParams, settings: BreakSetting) => `(${params.add(settings.breakMinutes, 'integer')} * interval '1 minute')`;

/** The reasons' refusals, with the time a refusal lasts until when there is one. */
function refusal(reason: string, until: Date | null): PolicyRefusal {
  const status = reason as ErrorStatus;
  const field = status === 'LOSS_LIMIT_REACHED' || status === 'WAGER_LIMIT_REACHED' || status === 'LIMIT_CURRENCY_NOT_SET' ? 'stake' : 'session';
  const when = until ? ` (until ${until.toISOString()})` : '';
  return new PolicyRefusal('responsible-gaming', status, undefined, [{ field, error: `${reason}${when}` }]);
}

/** The first rule that refuses a bet of `stake` now, on the general path (the wallet holds the player's accounts locked). */
async function refuseBet(
  tx: Db,
  movement: { playerId: string; currency: string; amount: bigint },
  settings: BreakSetting,
  notices: Pick<LimitNotices, 'limitReached'>,
): Promise<void> {
  const params = new StatementParams();
  const text = refusalsQuery(
    {
      player: params.add(movement.playerId, 'uuid'),
      currency: params.add(movement.currency),
      stake: params.add(movement.amount, 'bigint'),
      breakInterval: breakInterval(params, settings),
    },
    true,
  );
  const rows = await executePrepared<{ reason: string; until: Date | string | null }>(tx, 'rg-bet-refusals', text, params.values);
  const first = rows[0];
  if (first) {
    noteLimitReached(notices, { playerId: movement.playerId, reason: first.reason, currency: movement.currency, at: new Date() });
    throw refusal(first.reason, first.until === null ? null : new Date(first.until));
  }
}

/** Net position of a movement, minor units (wins − stakes). */
const netOf = (movement: MoneyMovement): bigint => (movement.kind === 'bet' ? -movement.amount : movement.amount);

async function writeCounters(tx: Db, movement: PostedMovement): Promise<void> {
  const params = new StatementParams();
  const ids = { player: params.add(movement.playerId, 'uuid'), currency: params.add(movement.currency) };
  const amount = params.add(movement.amount, 'bigint');
  const deltas =
    movement.kind === 'bet'
      ? { loss: amount, wager: amount }
      : movement.kind === 'win'
        ? { loss: `-${amount}`, wager: '0' }
        : { loss: `-${amount}`, wager: `-${amount}` };
  await executePrepared(tx, `rg-counters-${movement.kind}`, limitCountersSql(ids, deltas), params.values);
}

async function writeClock(tx: Db, movement: PostedMovement, settings: BreakSetting): Promise<void> {
  const params = new StatementParams();
  const active = movement.kind === 'bet';
  const ids = {
    player: params.add(movement.playerId, 'uuid'),
    currency: params.add(movement.currency),
    breakInterval: active ? breakInterval(params, settings) : '',
  };
  const text = clockWriteSql(ids, params.add(netOf(movement), 'bigint'), active);
  await executePrepared(tx, `rg-clock-${movement.kind}`, text, params.values);
}

/**
 * Time played in a round that stakes nothing (a free spin, issue 14): it is play all the same, so it
 * moves the play clock as a bet does (session and day minutes, the reality check's next time) with a
 * net position of `net` (what the round credited). Counters of money limits are untouched: nothing
 * was staked. Run in the round's transaction.
 */
export async function notePlayWithoutStake(tx: Db, playerId: string, currency: string, net: bigint, settings: BreakSetting): Promise<void> {
  const params = new StatementParams();
  const ids = { player: params.add(playerId, 'uuid'), currency: params.add(currency), breakInterval: breakInterval(params, settings) };
  await executePrepared(tx, 'rg-clock-no-stake', clockWriteSql(ids, params.add(net, 'bigint'), true), params.values);
}

/**
 * In a whole round's statement the bet's parts carry its win (`context.round.win`): the bet's
 * write counts stake and win at once, and the win adds nothing of its own there.
 */
const winInRound = (context: StatementContext) => (context.round && 'win' in context.round ? context.round.win : undefined);
const paidWithBet = (context: StatementContext) => Boolean(context.round && 'paidWithBet' in context.round);

const limitsPolicy = (settings: BreakSetting, notices: Pick<LimitNotices, 'limitReached'>): MoneyPolicy => ({
  name: 'responsible-gaming-limits',
  kinds: ['bet', 'win', 'rollback'],
  async before(tx: Db, movement: PendingMovement) {
    if (movement.kind === 'bet') await refuseBet(tx, movement, settings, notices);
  },
  async after(tx: Db, movement: PostedMovement) {
    await writeCounters(tx, movement);
  },
  inStatement(movement, context) {
    if (movement.kind === 'rollback') return undefined;
    if (movement.kind === 'win') {
      if (paidWithBet(context)) return {};
      return { write: `${limitCountersSql(context, { loss: `-${context.amount}`, wager: '0' })} AND EXISTS (SELECT 1 FROM ${context.from}) RETURNING 1` };
    }
    const win = winInRound(context);
    const condition = `NOT EXISTS (${refusalsSql({ player: context.player, currency: context.currency, stake: context.amount, breakInterval: breakInterval(context.params, settings) })})`;
    const loss = win ? `(${context.amount} - ${win})` : context.amount;
    return {
      locks: lockCtes(context, context.locked),
      condition,
      write: `${limitCountersSql(context, { loss, wager: context.amount })} AND EXISTS (SELECT 1 FROM ${context.from}) RETURNING 1`,
    };
  },
});

const playClockPolicy = (settings: BreakSetting): MoneyPolicy => ({
  name: 'responsible-gaming-play-clock',
  kinds: ['bet', 'win', 'rollback'],
  async after(tx: Db, movement: PostedMovement) {
    await writeClock(tx, movement, settings);
  },
  inStatement(movement, context) {
    if (movement.kind === 'rollback') return undefined;
    if (movement.kind === 'win') {
      if (paidWithBet(context)) return {};
      // A win on its own moves the net position only: no break interval (an unused placeholder has no type).
      return {
        write: `${clockWriteSql({ player: context.player, currency: context.currency, breakInterval: '' }, context.amount, false)} AND EXISTS (SELECT 1 FROM ${context.from}) RETURNING 1`,
      };
    }
    const ids = { player: context.player, currency: context.currency, breakInterval: breakInterval(context.params, settings) };
    const win = winInRound(context);
    const net = win ? `(${win} - ${context.amount})` : `-${context.amount}`;
    return { write: `${clockWriteSql(ids, net, true)} AND EXISTS (SELECT 1 FROM ${context.from}) RETURNING 1` };
  },
});

/** The two policies, in the order the wallet runs them (the composition root puts them into the wallet, server/modules.ts). */
export const responsibleGamingPolicies = ({ settings, notices }: { settings: BreakSetting; notices: Pick<LimitNotices, 'limitReached'> }): MoneyPolicy[] => [
  limitsPolicy(settings, notices),
  playClockPolicy(settings),
];
