import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CasinoGameKind } from '../../../../../contracts/games/kinds';
import type { BlackjackView, MinesView, OutcomeViews, PlinkoView, RouletteView, SlotRoundView, SlotSpinView } from '../../../../../contracts/games/outcomes';
import { formatNumber } from '../../../shared/i18n/format';
import { formatMinor } from './format';

/**
 * A recalled round drawn as its game showed it (issue 15 "rounds with recall"): the slot's window
 * and its wins, the roulette number and bets, the plinko path, the mines board, the blackjack
 * hands. The outcome is the game server's public view of the round (contracts/games/outcomes.ts;
 * amounts in minor units). A kind this screen does not know, or an outcome of another shape, is
 * shown as recorded data instead, so nothing recorded is ever hidden.
 */
export function RoundOutcome({ kind, outcome }: { kind: string | null; outcome: unknown }) {
  const view = kind ? drawn(kind, outcome) : null;
  return view ?? <RecordedData outcome={outcome} />;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each casino kind's view, when the outcome has the shape that kind records (contracts/games/kinds.ts
 * lists the kinds: a new one without a view here does not compile).
 */
const outcomeViews: Record<CasinoGameKind, (outcome: Record<string, unknown>) => ReactNode | null> = {
  slot: (outcome) => (isObject(outcome.base) && Array.isArray(outcome.base.window) ? <SlotOutcome view={outcome as unknown as OutcomeViews['slot']} /> : null),
  roulette: (outcome) => (typeof outcome.number === 'number' ? <RouletteOutcome view={outcome as unknown as RouletteView} /> : null),
  plinko: (outcome) => (Array.isArray(outcome.path) ? <PlinkoOutcome view={outcome as unknown as PlinkoView} /> : null),
  mines: (outcome) => (Array.isArray(outcome.revealed) ? <MinesOutcome view={outcome as unknown as MinesView} /> : null),
  blackjack: (outcome) =>
    Array.isArray(outcome.hands) && Array.isArray(outcome.dealer) ? <BlackjackOutcome view={outcome as unknown as BlackjackView} /> : null,
};

const isCasinoKind = (kind: string): kind is CasinoGameKind => Object.hasOwn(outcomeViews, kind);

function drawn(kind: string, outcome: unknown) {
  if (!isObject(outcome) || !isCasinoKind(kind)) return null;
  return outcomeViews[kind](outcome);
}

function RecordedData({ outcome }: { outcome: unknown }) {
  // JSON strings hold no raw line breaks, so joining an array's lines changes no value.
  const text = JSON.stringify(outcome, null, 2).replace(/\[\n\s*([^[\]{}]*?)\n\s*\]/g, (_, items: string) => `[${items.replace(/,\n\s*/g, ', ')}]`);
  return (
    <pre className="bo-outcome" data-testid="bo-recall-outcome">
      {text}
    </pre>
  );
}

const symbolName = (id: string) => id.replace(/[_-]+/g, ' ').toLowerCase();

function SpinWindow({ spin, label }: { spin: SlotSpinView; label: string }) {
  const { t } = useTranslation();
  const rows = spin.window[0]?.length ?? 0;
  return (
    <div className="bo-stack">
      <table className="bo-table bo-slot-window" aria-label={label}>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {spin.window.map((reel, index) => (
                <td key={index}>{symbolName(reel[row] ?? '')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="bo-list">
        {spin.lineWins.map((win, index) => (
          <li key={index}>
            {win.line >= 0 ? t('bo.outcome.line', { line: win.line + 1 }) : t('bo.outcome.ways', { ways: win.ways })}: {win.count} × {symbolName(win.symbol)} →{' '}
            {formatMinor(win.amount)}
          </li>
        ))}
        {spin.scatter ? (
          <li>
            {t('bo.outcome.scatter')}: {spin.scatter.count} × {symbolName(spin.scatter.symbol)} → {formatMinor(spin.scatter.amount)}
          </li>
        ) : null}
        {spin.freeSpinsAwarded > 0 ? <li>{t('bo.outcome.freeSpinsAwarded', { count: spin.freeSpinsAwarded })}</li> : null}
        {spin.lineWins.length === 0 && !spin.scatter ? <li className="bo-muted">{t('bo.outcome.noWin')}</li> : null}
      </ul>
    </div>
  );
}

function SlotOutcome({ view }: { view: SlotRoundView }) {
  const { t } = useTranslation();
  return (
    <div className="bo-stack" data-testid="bo-recall-outcome" data-kind="slot">
      <SpinWindow spin={view.base} label={t('bo.outcome.window')} />
      {view.freeSpins.map((spin, index) => (
        <SpinWindow key={index} spin={spin} label={t('bo.outcome.freeSpin', { number: index + 1 })} />
      ))}
      <p>
        {t('bo.outcome.stake')}: {formatMinor(view.stake)} · {t('bo.outcome.totalWin')}: {formatMinor(view.totalWin)}
      </p>
    </div>
  );
}

function RouletteOutcome({ view }: { view: RouletteView }) {
  const { t } = useTranslation();
  return (
    <div className="bo-stack" data-testid="bo-recall-outcome" data-kind="roulette">
      <p>
        <span className={`bo-pocket bo-pocket--${view.colour}`}>{view.number}</span> {t(`bo.outcome.colour.${view.colour}`)}
      </p>
      <ul className="bo-list">
        {view.results.map((result, index) => (
          <li key={index}>
            {result.bet.type} [{result.bet.numbers.join(', ')}] {formatMinor(result.bet.amount)} →{' '}
            {result.won ? t('bo.outcome.won', { amount: formatMinor(result.returned) }) : t('bo.outcome.lost')}
          </li>
        ))}
      </ul>
      <p>
        {t('bo.outcome.stake')}: {formatMinor(view.totalStake)} · {t('bo.outcome.totalWin')}: {formatMinor(view.totalReturned)}
      </p>
    </div>
  );
}

function PlinkoOutcome({ view }: { view: PlinkoView }) {
  const { t } = useTranslation();
  return (
    <div className="bo-stack" data-testid="bo-recall-outcome" data-kind="plinko">
      <p aria-label={t('bo.outcome.path')}>{view.path.map((bounce) => (bounce === 0 ? '↙' : '↘')).join(' ')}</p>
      <p>
        {t('bo.outcome.plinko', { risk: view.risk, slot: view.slot, multiplier: formatNumber(view.multiplierTenths / 10) })} · {t('bo.outcome.stake')}:{' '}
        {formatMinor(view.stake)} · {t('bo.outcome.totalWin')}: {formatMinor(view.win)}
      </p>
    </div>
  );
}

function MinesOutcome({ view }: { view: MinesView }) {
  const { t } = useTranslation();
  const mines = new Set(view.minePositions ?? []);
  const revealed = new Set(view.revealed);
  const cell = (index: number) => (index === view.hit ? '✹' : mines.has(index) ? '●' : revealed.has(index) ? '◆' : '·');
  return (
    <div className="bo-stack" data-testid="bo-recall-outcome" data-kind="mines">
      <table className="bo-table bo-mines" aria-label={t('bo.outcome.board')}>
        <tbody>
          {Array.from({ length: 5 }, (_, row) => (
            <tr key={row}>
              {Array.from({ length: 5 }, (_, column) => (
                <td key={column}>{cell(row * 5 + column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="bo-muted">{t('bo.outcome.minesKey')}</p>
      <p>
        {t(`bo.outcome.mines.${view.phase}`)} · {t('bo.outcome.stake')}: {formatMinor(view.stake)} · {t('bo.outcome.totalWin')}: {formatMinor(view.payout)}
      </p>
    </div>
  );
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];
const cardName = (card: number | null) => (card === null ? '🂠' : `${RANKS[card % 13]}${SUITS[Math.floor(card / 13)]}`);

function BlackjackOutcome({ view }: { view: BlackjackView }) {
  const { t } = useTranslation();
  return (
    <div className="bo-stack" data-testid="bo-recall-outcome" data-kind="blackjack">
      <p>
        {t('bo.outcome.dealer')}: {view.dealer.map(cardName).join(' ')}
        {view.settlement ? ` (${view.settlement.dealerTotal})` : ''}
      </p>
      <ul className="bo-list">
        {view.hands.map((hand, index) => {
          const settled = view.settlement?.hands[index];
          return (
            <li key={index}>
              {t('bo.outcome.hand', { number: index + 1 })}: {hand.cards.map(cardName).join(' ')} · {formatMinor(hand.stake)}
              {settled ? ` → ${t(`bo.outcome.hand.${settled.outcome}`)} ${formatMinor(settled.returned)}` : ''}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
