/**
 * Blackjack: deal, the player's actions with their `seq`, and a round in play resumed on open. The
 * table is drawn on PixiJS (`table-art/blackjack-table.ts`): cards dealt from the shoe, the hole
 * card turned over. The hands are also kept in the DOM, out of sight, as the account screen readers
 * and the keyboard use; without a renderer they are the table itself.
 */

import type { OpenRoundAnswer } from '../../../contracts/games/answers';
import type { BlackjackView } from '../../../contracts/games/outcomes';
import type { StringKey, Translate } from '../strings';
import {
  button,
  fitStage,
  gameCyclePace,
  majorOf,
  make,
  panelParts,
  roundReceipt,
  tableSound,
  winCue,
  wonText,
  type GameContext,
  type GameRenderer,
  type RoundAnswer,
} from './parts';
import { FLAVOURS } from '../sound/music';
import type { TableCues } from '../sound/table-cues';
import { BlackjackTable, type TableView } from './table-art/blackjack-table';
import { prefersReducedMotion } from './table-art/stage';
import './table-art/table-art.css';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = [
  { symbol: '♠', name: 'blackjack.suit.spades', red: false },
  { symbol: '♥', name: 'blackjack.suit.hearts', red: true },
  { symbol: '♦', name: 'blackjack.suit.diamonds', red: true },
  { symbol: '♣', name: 'blackjack.suit.clubs', red: false },
] as const;
const RANK_NAMES: Partial<Record<number, StringKey>> = {
  0: 'blackjack.rank.ace',
  10: 'blackjack.rank.jack',
  11: 'blackjack.rank.queen',
  12: 'blackjack.rank.king',
};

function handTotal(cards: readonly number[]): number {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const value = Math.min((card % 13) + 1, 10);
    total += value;
    if (value === 1) aces++;
  }
  return aces > 0 && total + 10 <= 21 ? total + 10 : total;
}

function cardNode(t: Translate, card: number | null): HTMLElement {
  const node = make('span', { className: 'gc-bj__card', testId: 'gc-card' });
  if (card === null) {
    node.classList.add('gc-bj__card--back');
    node.setAttribute('aria-label', t('blackjack.faceDown'));
    node.setAttribute('role', 'img');
    return node;
  }
  const suit = SUITS[Math.floor(card / 13) % 4]!;
  node.classList.toggle('gc-bj__card--red', suit.red);
  node.setAttribute('role', 'img');
  const rankName = RANK_NAMES[card % 13];
  node.setAttribute('aria-label', t('blackjack.card', { rank: rankName ? t(rankName) : RANKS[card % 13]!, suit: t(suit.name) }));
  node.append(make('span', { className: 'gc-bj__rank', text: RANKS[card % 13] }), make('span', { className: 'gc-bj__suit', text: suit.symbol }));
  return node;
}

const OUTCOME_TEXT: Record<string, StringKey> = {
  blackjack: 'blackjack.outcome.blackjack',
  win: 'blackjack.outcome.win',
  push: 'blackjack.outcome.push',
  lose: 'blackjack.outcome.lose',
  bust: 'blackjack.outcome.bust',
};
const ACTION_TEXT: Record<string, StringKey> = {
  hit: 'blackjack.action.hit',
  stand: 'blackjack.action.stand',
  double: 'blackjack.action.double',
  split: 'blackjack.action.split',
};

/** The drawn table's pace (`table-art/blackjack-table.ts`), seconds: one card after another, the hole card's turn, a dealer's draw. */
const DEAL_STAGGER_S = 0.19;
const FLIP_S = 0.3;
const DEALER_DRAW_S = 0.22;

/**
 * The cards' sounds from one view of the round to the next, booked on the audio clock at the pace
 * the table deals them: the hole card turned, then each new card out of the shoe.
 */
function cardCues(cues: TableCues, before: BlackjackView | null, after: BlackjackView, reducedMotion: boolean): void {
  const pace = reducedMotion ? 0 : 1;
  let at = 0;
  if (before?.dealer[1] === null && after.dealer[1] !== null && after.dealer[1] !== undefined) {
    cues.cardTurned(at);
    at += (DEAL_STAGGER_S + FLIP_S) * pace;
  }
  const dealt = (view: BlackjackView | null) => (view?.hands ?? []).reduce((sum, hand) => sum + hand.cards.length, 0);
  const playerNew = Math.max(0, dealt(after) - dealt(before));
  const dealerNew = Math.max(0, after.dealer.length - (before?.dealer.length ?? 0));
  const dealerFrom = before?.dealer.length ?? 0;
  for (let i = 0; i < playerNew + dealerNew; i++) {
    const dealerDraw = i >= playerNew && dealerFrom + (i - playerNew) >= 2;
    if (dealerDraw) at += DEALER_DRAW_S * pace;
    cues.cardDealt(at);
    at += DEAL_STAGGER_S * pace;
  }
}

export async function startBlackjack(context: GameContext): Promise<void> {
  const { host, money, t } = context;
  const parts = panelParts(context, 'meter.stake');
  const panel = make('section', { className: 'gc-bj gc-fit', testId: 'gc-blackjack' });
  const sound = tableSound(context, FLAVOURS.lounge);
  const dealerBox = make('div', { className: 'gc-bj__hand', testId: 'gc-dealer' });
  const dealerTotal = make('span', { className: 'gc-bj__total', testId: 'gc-dealer-total' });
  const playerBox = make('div', { className: 'gc-bj__hands', testId: 'gc-player' });
  const actions = make('div', { className: 'gc-bj__actions', testId: 'gc-actions' });
  const deal = button(t('blackjack.deal'), 'gc__spin', () => void dealRound());
  const felt = make('div', { className: 'gc-bj__felt' });
  const dealerRow = make('div', { className: 'gc-bj__row' });
  const dealerHead = make('div', { className: 'gc-bj__head' });
  dealerHead.append(make('h2', { text: t('blackjack.dealer') }), dealerTotal);
  dealerRow.append(dealerHead, dealerBox);
  const playerRow = make('div', { className: 'gc-bj__row' });
  const playerHead = make('div', { className: 'gc-bj__head' });
  playerHead.append(make('h2', { text: t('blackjack.you') }));
  playerRow.append(playerHead, playerBox);
  felt.append(dealerRow, playerRow);
  const controls = make('div', { className: 'gc__controls gc-bj__controls' });
  controls.append(parts.balanceBox, parts.stakeBox, deal);
  // The drawn table; the felt's DOM hands stay for assistive technology (the canvas says nothing).
  const canvas = make('canvas', { className: 'gc-bj__stage', testId: 'gc-bj-table' });
  canvas.setAttribute('aria-hidden', 'true');
  context.tools.append(sound.controls);
  const receipt = roundReceipt(context);
  panel.append(fitStage('gc-bj__fit', 640, 380, canvas), felt, parts.result, receipt.node, actions, controls);
  host.append(panel);
  let table: BlackjackTable | null = null;
  const tableReady = BlackjackTable.create(canvas, prefersReducedMotion(), {
    dealer: t('blackjack.dealer'),
    player: t('blackjack.you'),
    rules: 'BLACKJACK 3 : 2',
  }).then(
    (stage) => {
      table = stage;
      felt.classList.add('gc-bj__felt--unseen');
    },
    () => canvas.remove(),
  );

  let roundId: string | null = null;
  let view: BlackjackView | null = null;
  let busy = false;

  const render = () => {
    dealerBox.replaceChildren(...(view?.dealer ?? []).map((card) => cardNode(t, card)));
    const dealerCards = (view?.dealer ?? []).filter((card): card is number => card !== null);
    dealerTotal.textContent = dealerCards.length > 0 ? String(view?.settlement ? view.settlement.dealerTotal : handTotal(dealerCards)) : '';
    playerBox.replaceChildren(
      ...(view?.hands ?? []).map((hand, index) => {
        const box = make('div', { className: 'gc-bj__hand', testId: 'gc-player-hand' });
        const split = (view?.hands.length ?? 0) > 1;
        if (view?.inPlay && split && index === view.active) box.dataset.active = 'true';
        const outcome = view?.settlement?.hands[index]?.outcome;
        if (outcome) box.dataset.outcome = outcome;
        const notes = [String(handTotal(hand.cards))];
        if (hand.doubled) notes.push(t('blackjack.doubled'));
        if (split && outcome) notes.push(t(OUTCOME_TEXT[outcome] ?? 'blackjack.outcome.lose'));
        else if (split && handTotal(hand.cards) > 21) notes.push(t('blackjack.outcome.bust'));
        const total = make('span', { className: 'gc-bj__total', text: notes.join(' · '), testId: 'gc-hand-total' });
        const cards = make('span', { className: 'gc-bj__cards' });
        cards.append(...hand.cards.map((card) => cardNode(t, card)));
        if (split) {
          box.setAttribute('role', 'group');
          box.setAttribute('aria-label', t('blackjack.hand', { number: index + 1 }));
        }
        box.append(cards, total);
        return box;
      }),
    );
    const legal = view?.inPlay ? view.legalActions : [];
    const buttons: HTMLButtonElement[] = [];
    for (const action of legal) {
      if (action === 'insurance') {
        buttons.push(button(t('blackjack.takeInsurance'), 'gc__small gc-bj__action', () => void act('insurance', true)));
        buttons.push(button(t('blackjack.noInsurance'), 'gc__small gc-bj__action', () => void act('insurance', false)));
      } else {
        const text = ACTION_TEXT[action];
        buttons.push(button(text ? t(text) : action, 'gc__small gc-bj__action', () => void act(action)));
      }
    }
    for (const node of buttons) node.disabled = busy;
    actions.replaceChildren(...buttons);
    deal.disabled = busy || Boolean(view?.inPlay);
    parts.stake.disabled = Boolean(view?.inPlay);
  };

  const prompt = (state: BlackjackView) => {
    if (state.phase === 'insurance') return t('blackjack.insuranceAsk');
    const total = handTotal(state.hands[state.active]?.cards ?? []);
    return state.hands.length > 1
      ? t('blackjack.yourMoveHand', { number: state.active + 1, hands: state.hands.length, total })
      : t('blackjack.yourMove', { total });
  };

  const describe = (answer: { win: number }) => {
    const settlement = view?.settlement;
    if (!settlement) return '';
    const outcomes = settlement.hands.map((hand) => {
      const text = OUTCOME_TEXT[hand.outcome];
      return text ? t(text) : hand.outcome;
    });
    const parts = [outcomes.join(', '), t('blackjack.dealerTotal', { total: settlement.dealerTotal })];
    if (settlement.insurance) {
      const { returned } = settlement.insurance;
      parts.push(returned > 0 ? t('blackjack.insurancePaid', { amount: money(majorOf(returned)) }) : t('blackjack.insuranceLost'));
    }
    // A push returns the stake: that is no win, and the player is told their stake came back.
    const stakeBack = settlement.hands.every((hand) => hand.outcome === 'push') && !settlement.insurance?.returned && answer.win > 0;
    parts.push(stakeBack ? context.t('result.stakeReturned', { amount: context.money(answer.win) }) : wonText(context, answer.win));
    return parts.join(' — ');
  };

  const tableView = (state: BlackjackView): TableView => {
    const known = state.dealer.filter((card): card is number => card !== null);
    const split = state.hands.length > 1;
    return {
      dealer: state.dealer,
      dealerTotal: known.length > 0 ? String(state.settlement ? state.settlement.dealerTotal : handTotal(known)) : '',
      hands: state.hands.map((hand, index) => {
        const outcome = state.settlement?.hands[index]?.outcome;
        const total = [String(handTotal(hand.cards))];
        if (hand.doubled) total.push(t('blackjack.doubled'));
        return {
          cards: hand.cards,
          total: total.join(' · '),
          active: state.inPlay && split && index === state.active,
          outcome: outcome ? { text: t(OUTCOME_TEXT[outcome] ?? 'blackjack.outcome.lose'), won: outcome === 'win' || outcome === 'blackjack' } : undefined,
        };
      }),
    };
  };

  /** The drawn table catches up with the round (the cards dealt, the hole card turned) before the result is said. */
  const present = async (state: BlackjackView, fresh: boolean) => {
    await tableReady;
    await table?.show(tableView(state), fresh);
  };

  /** The settled round's sound: a chime for a presented win, else a push's two notes or a loss's falling tone. */
  const outcomeCue = (answer: RoundAnswer, state: BlackjackView) => {
    if (winCue(context, sound.cues, answer.win, answer.stake)) return;
    const outcomes = state.settlement?.hands.map((hand) => hand.outcome) ?? [];
    if (outcomes.some((outcome) => outcome === 'bust' || outcome === 'lose')) sound.cues.lose();
    else if (outcomes.includes('push')) sound.cues.push();
  };

  const show = async (answer: RoundAnswer, fresh = false) => {
    const before = fresh ? null : view;
    view = answer.outcome as BlackjackView;
    roundId = view.inPlay ? answer.roundId : null;
    cardCues(sound.cues, before, view, prefersReducedMotion());
    await present(view, fresh);
    if (!view.inPlay) outcomeCue(answer, view);
    parts.balance.textContent = money(answer.balance);
    if (view.inPlay) {
      parts.result.dataset.win = 'false';
      parts.result.textContent = prompt(view);
    } else {
      parts.result.dataset.win = answer.win > answer.stake ? 'true' : 'false';
      parts.result.textContent = describe(answer);
      receipt.show(answer.stake, answer.win);
    }
    context.onRound(answer);
  };

  const cycle = gameCyclePace(context);
  async function dealRound(): Promise<void> {
    if (busy) return;
    busy = true;
    render();
    context.fail(null);
    sound.cues.chip();
    // The next bet is placed: the last round's receipt gives way to this one's.
    receipt.clear();
    try {
      const body = { stake: Number(parts.stake.value), clientRequestId: crypto.randomUUID() };
      await show(await cycle.start(deal, () => context.call<RoundAnswer>('POST', '/blackjack/deal', body)), true);
    } catch (error) {
      context.fail(error);
    } finally {
      busy = false;
      render();
    }
  }

  async function act(action: string, take?: boolean): Promise<void> {
    if (busy || !roundId || !view) return;
    busy = true;
    render();
    context.fail(null);
    // Doubling, splitting and insurance put more chips on the table.
    if (action === 'double' || action === 'split' || (action === 'insurance' && take)) sound.cues.chip();
    try {
      const body: Record<string, unknown> = { roundId, action, seq: view.seq };
      if (take !== undefined) body.take = take;
      await show(await context.call<RoundAnswer>('POST', '/blackjack/action', body));
    } catch (error) {
      context.fail(error);
    } finally {
      busy = false;
      render();
    }
  }

  render();
  try {
    const open = await context.call<OpenRoundAnswer>('GET', '/round/open');
    if (open.round && (open.round.outcome as BlackjackView | null)?.inPlay) {
      view = open.round.outcome as BlackjackView;
      roundId = open.round.roundId;
      render();
      await present(view, true);
      parts.result.textContent = `${t('round.resumed')} ${prompt(view)}`;
    }
  } catch (error) {
    context.fail(error);
  }
}

export const blackjackRenderer: GameRenderer<'blackjack'> = { kind: 'blackjack', start: startBlackjack };
