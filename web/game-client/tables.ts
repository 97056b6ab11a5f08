/**
 * The table and instant games of the client: European roulette, blackjack, Plinko and Mines. Each
 * builds its own panel in the DOM and plays through the /gs calls handed to it; every text comes
 * from the strings catalogue through `context.t`.
 */

import { fromMinor, subtractMajor, toMinor } from './money';
import type { StringKey, Translate } from './strings';

export interface RoundAnswer {
  roundId: string;
  stake: number;
  win: number;
  balance: number;
  serverSeedHash: string;
  outcome: unknown;
  netPosition: number;
  sessionElapsedSeconds: number;
}

export interface TableContext {
  host: HTMLElement;
  steps: number[];
  balance: number;
  call: <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;
  money: (amount: number) => string;
  /** The strings of the player's language. */
  t: Translate;
  /** Number formatting of the player's language. */
  locale: string;
  /** Shows an error of a failed call; clears it with null. */
  fail: (error: unknown) => void;
  /** Every round answer (net position, session time). */
  onRound: (answer: RoundAnswer) => void;
}

const make = <K extends keyof HTMLElementTagNameMap>(tag: K, props: { className?: string; text?: string; testId?: string } = {}): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.testId) node.dataset.testid = props.testId;
  return node;
};

/** A canvas drawn at `width`×`height`, announced to assistive technology as one image named `label`. */
function pictureCanvas(className: string, testId: string, width: number, height: number, label: string): HTMLCanvasElement {
  const canvas = make('canvas', { className, testId });
  canvas.width = width;
  canvas.height = height;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  return canvas;
}

const button = (text: string, className: string, onClick: () => void, label?: string): HTMLButtonElement => {
  const node = make('button', { className, text });
  node.type = 'button';
  if (label) node.setAttribute('aria-label', label);
  node.addEventListener('click', onClick);
  return node;
};

/** The balance, the stake or chip selector and the aria-live result line of a table panel. */
function panelParts(context: TableContext, stakeLabel: StringKey) {
  const { t } = context;
  const balance = make('span', { className: 'gc__meter-value', text: context.money(context.balance), testId: 'gc-game-balance' });
  const balanceBox = make('div', { className: 'gc__meter' });
  balanceBox.append(make('span', { className: 'gc__meter-label', text: t('meter.balance') }), balance);
  const stake = make('select', { testId: 'gc-game-stake' });
  const steps = context.steps.length > 0 ? context.steps : [1];
  for (const step of steps) {
    const option = make('option', { text: context.money(step) });
    option.value = String(step);
    stake.append(option);
  }
  const stakeBox = make('label', { className: 'gc__stake' });
  stakeBox.append(make('span', { className: 'gc__meter-label', text: t(stakeLabel) }), stake);
  const result = make('p', { className: 'gc__result', testId: 'gc-game-result' });
  result.setAttribute('aria-live', 'polite');
  return { balance, balanceBox, stake, stakeBox, result };
}

/** "you won €2.00" or "No win". */
const wonText = ({ t, money }: TableContext, win: number) => (win > 0 ? t('result.youWon', { amount: money(win) }) : t('result.noWin'));

/* ---------- roulette ---------- */

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const WHEEL = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];
const colourOf = (n: number): 'green' | 'red' | 'black' => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface RouletteBet {
  type: string;
  numbers: number[];
  /** Minor units: chips stack as integers, never as float sums. */
  stakeMinor: number;
  label: string;
}


function drawWheel(canvas: HTMLCanvasElement, angle: number, ball: number | null): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const cx = width / 2;
  const cy = height / 2;
  const outer = Math.min(width, height) / 2 - 6;
  const inner = outer * 0.62;
  const slice = (Math.PI * 2) / WHEEL.length;
  ctx.clearRect(0, 0, width, height);
  WHEEL.forEach((n, i) => {
    const start = angle + i * slice - Math.PI / 2 - slice / 2;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.arc(cx, cy, outer, start, start + slice);
    ctx.closePath();
    ctx.fillStyle = n === 0 ? '#0f8a4f' : RED.has(n) ? '#b91c1c' : '#111827';
    ctx.fill();
    ctx.strokeStyle = '#d4af37';
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(start + slice / 2);
    ctx.fillStyle = '#f9fafb';
    ctx.font = `700 ${Math.round(outer * 0.09)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.translate(outer * 0.85, 0);
    ctx.rotate(Math.PI / 2);
    ctx.fillText(String(n), 0, 0);
    ctx.restore();
  });
  ctx.beginPath();
  ctx.arc(cx, cy, inner, 0, Math.PI * 2);
  ctx.fillStyle = '#0a2a1f';
  ctx.fill();
  ctx.strokeStyle = '#d4af37';
  ctx.lineWidth = 3;
  ctx.stroke();
  // The pointer at the top.
  ctx.beginPath();
  ctx.moveTo(cx - 8, 2);
  ctx.lineTo(cx + 8, 2);
  ctx.lineTo(cx, 16);
  ctx.closePath();
  ctx.fillStyle = '#fcd34d';
  ctx.fill();
  if (ball !== null) {
    ctx.fillStyle = '#f9fafb';
    ctx.font = `800 ${Math.round(inner * 0.5)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(ball), cx, cy);
  }
}

function spinWheel(canvas: HTMLCanvasElement, from: number, target: number): Promise<number> {
  const slice = (Math.PI * 2) / WHEEL.length;
  const index = WHEEL.indexOf(target);
  // The wheel turns so that the target pocket ends under the pointer.
  const base = -index * slice;
  const turns = Math.PI * 2 * 3;
  let end = base;
  while (end > from - turns) end -= Math.PI * 2;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    drawWheel(canvas, base, target);
    return Promise.resolve(base);
  }
  const duration = 1400;
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now: number) => {
      const t = Math.min(1, (now - start) / duration);
      const eased = 1 - (1 - t) ** 3;
      const angle = from + (end - from) * eased;
      drawWheel(canvas, angle, t >= 1 ? target : null);
      if (t < 1) requestAnimationFrame(frame);
      else resolve(end % (Math.PI * 2));
    };
    requestAnimationFrame(frame);
  });
}

export function startRoulette(context: TableContext): void {
  const { host, money, t } = context;
  const parts = panelParts(context, 'meter.chip');
  parts.stake.setAttribute('aria-label', t('meter.chipValue'));
  const bets = new Map<string, RouletteBet>();
  const panel = make('section', { className: 'gc-rl', testId: 'gc-roulette' });
  const canvas = pictureCanvas('gc-rl__wheel', 'gc-wheel', 320, 320, t('roulette.wheel'));
  let angle = 0;
  drawWheel(canvas, angle, null);

  const list = make('ul', { className: 'gc-rl__bets', testId: 'gc-rl-bets' });
  const total = make('span', { className: 'gc-rl__total', testId: 'gc-rl-total' });
  const spin = button(t('slot.spin'), 'gc__spin', () => void play());
  const clear = button(t('roulette.clear'), 'gc__small', () => {
    bets.clear();
    render();
  }, t('roulette.clearBets'));

  const render = () => {
    list.replaceChildren(
      ...[...bets.values()].map((bet) => {
        const item = make('li', { testId: 'gc-rl-bet', text: `${bet.label}: ${money(fromMinor(bet.stakeMinor))}` });
        return item;
      }),
    );
    const sum = [...bets.values()].reduce((s, bet) => s + bet.stakeMinor, 0);
    total.textContent = bets.size > 0 ? t('roulette.totalBet', { amount: money(fromMinor(sum)) }) : t('roulette.placeBets');
    spin.disabled = bets.size === 0;
    clear.disabled = bets.size === 0;
    for (const cell of layout.querySelectorAll<HTMLButtonElement>('button[data-bet]')) {
      const placed = bets.get(cell.dataset.bet ?? '');
      cell.dataset.placed = placed ? 'true' : 'false';
    }
  };

  const place = (key: string, type: string, numbers: number[], label: string) => {
    const chip = toMinor(Number(parts.stake.value));
    const existing = bets.get(key);
    bets.set(key, { type, numbers, label, stakeMinor: (existing?.stakeMinor ?? 0) + chip });
    render();
  };

  const layout = make('div', { className: 'gc-rl__layout', testId: 'gc-rl-layout' });
  /**
   * Each cell has two places: across (0 on the left, three rows of twelve, wide screens) and down
   * (0 on top, twelve rows of three with the dozens and even-money bets beside them, narrow screens).
   */
  const cell = (text: string, key: string, type: string, numbers: number[], label: string, className: string, across: [string, string], down: [string, string]) => {
    const node = button(text, `gc-rl__cell ${className}`, () => place(key, type, numbers, label), t('roulette.betOn', { label }));
    node.dataset.bet = key;
    node.style.setProperty('--across-row', across[0]);
    node.style.setProperty('--across-column', across[1]);
    node.style.setProperty('--down-row', down[0]);
    node.style.setProperty('--down-column', down[1]);
    return node;
  };
  const colourName = (n: number) => t(`roulette.${colourOf(n)}`);
  layout.append(cell('0', 'straight:0', 'straight', [0], '0', 'gc-rl__cell--green', ['1 / span 3', '1'], ['1', '3 / span 3']));
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 12; column++) {
      const n = column * 3 + (3 - row);
      const node = cell(String(n), `straight:${n}`, 'straight', [n], t('roulette.number', { number: n, colour: colourName(n) }), `gc-rl__cell--${colourOf(n)}`, [String(row + 1), String(column + 2)], [String(column + 2), String(5 - row)]);
      layout.append(node);
    }
    const columnNumbers = range(0, 11).map((c) => c * 3 + (3 - row));
    const columnBet = cell(t('roulette.twoToOne'), `column:${3 - row}`, 'column', columnNumbers, t('roulette.column', { column: 3 - row }), 'gc-rl__cell--outside', [String(row + 1), '14'], ['14', String(5 - row)]);
    layout.append(columnBet);
  }
  const dozens = [
    [t('roulette.dozen1'), range(1, 12), t('roulette.dozen1Label')],
    [t('roulette.dozen2'), range(13, 24), t('roulette.dozen2Label')],
    [t('roulette.dozen3'), range(25, 36), t('roulette.dozen3Label')],
  ] as const;
  dozens.forEach(([text, numbers, label], i) => {
    const node = cell(text, `dozen:${i}`, 'dozen', [...numbers], label, 'gc-rl__cell--outside', ['4', `${2 + i * 4} / span 4`], [`${2 + i * 4} / span 4`, '1']);
    layout.append(node);
  });
  const all = range(1, 36);
  const evenMoney: [string, string, number[], string, string][] = [
    [t('roulette.low'), 'low', range(1, 18), t('roulette.lowLabel'), 'outside'],
    [t('roulette.even'), 'even', all.filter((n) => n % 2 === 0), t('roulette.evenLabel'), 'outside'],
    [t('roulette.redBet'), 'red', all.filter((n) => RED.has(n)), t('roulette.red'), 'red'],
    [t('roulette.blackBet'), 'black', all.filter((n) => !RED.has(n)), t('roulette.black'), 'black'],
    [t('roulette.odd'), 'odd', all.filter((n) => n % 2 === 1), t('roulette.oddLabel'), 'outside'],
    [t('roulette.high'), 'high', range(19, 36), t('roulette.highLabel'), 'outside'],
  ];
  evenMoney.forEach(([text, type, numbers, label, colour], i) => {
    const node = cell(text, type, type, numbers, label, `gc-rl__cell--${colour}`, ['5', `${2 + i * 2} / span 2`], [`${2 + i * 2} / span 2`, '2']);
    layout.append(node);
  });

  const controls = make('div', { className: 'gc__controls gc-rl__controls' });
  controls.append(parts.balanceBox, parts.stakeBox, spin);
  const betsBox = make('div', { className: 'gc-rl__placed' });
  const betsHead = make('div', { className: 'gc-rl__placed-head' });
  betsHead.append(make('h2', { text: t('roulette.yourBets') }), total, clear);
  betsBox.append(parts.result, betsHead, list);
  const top = make('div', { className: 'gc-rl__top' });
  top.append(canvas, betsBox);
  panel.append(top, layout, controls);
  host.append(panel);
  render();

  let busy = false;
  async function play(): Promise<void> {
    if (busy || bets.size === 0) return;
    busy = true;
    spin.disabled = true;
    spin.textContent = t('slot.spinning');
    context.fail(null);
    try {
      const placed = [...bets.values()];
      const answer = await context.call<RoundAnswer>('POST', '/roulette/spin', {
        bets: placed.map(({ type, numbers, stakeMinor }) => ({ type, numbers, stake: fromMinor(stakeMinor) })),
        clientRequestId: crypto.randomUUID(),
      });
      const staked = placed.reduce((s, bet) => s + bet.stakeMinor, 0);
      parts.balance.textContent = money(subtractMajor(answer.balance, answer.win));
      parts.result.textContent = '';
      const outcome = answer.outcome as { number: number };
      angle = await spinWheel(canvas, angle, outcome.number);
      parts.balance.textContent = money(answer.balance);
      parts.result.dataset.win = toMinor(answer.win) > staked ? 'true' : 'false';
      parts.result.textContent = `${t('roulette.number', { number: outcome.number, colour: colourName(outcome.number) })} — ${wonText(context, answer.win)}`;
      context.onRound(answer);
    } catch (error) {
      context.fail(error);
    } finally {
      busy = false;
      spin.textContent = t('slot.spin');
      render();
    }
  }
}

/* ---------- blackjack ---------- */

interface BlackjackView {
  inPlay: boolean;
  win: number;
  seq: number;
  legalActions: string[];
  phase: 'insurance' | 'player' | 'settled';
  dealer: (number | null)[];
  hands: { cards: number[]; stake: number; doubled: boolean }[];
  active: number;
  settlement: { hands: { outcome: string; returned: number }[]; dealerTotal: number; insurance: { returned: number } | null; totalReturned: number } | null;
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = [
  { symbol: '♠', name: 'blackjack.suit.spades', red: false },
  { symbol: '♥', name: 'blackjack.suit.hearts', red: true },
  { symbol: '♦', name: 'blackjack.suit.diamonds', red: true },
  { symbol: '♣', name: 'blackjack.suit.clubs', red: false },
] as const;
const RANK_NAMES: Partial<Record<number, StringKey>> = { 0: 'blackjack.rank.ace', 10: 'blackjack.rank.jack', 11: 'blackjack.rank.queen', 12: 'blackjack.rank.king' };

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

export async function startBlackjack(context: TableContext): Promise<void> {
  const { host, money, t } = context;
  const parts = panelParts(context, 'meter.stake');
  const panel = make('section', { className: 'gc-bj', testId: 'gc-blackjack' });
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
  panel.append(felt, parts.result, actions, controls);
  host.append(panel);

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
    return state.hands.length > 1 ? t('blackjack.yourMoveHand', { number: state.active + 1, hands: state.hands.length, total }) : t('blackjack.yourMove', { total });
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
      parts.push(returned > 0 ? t('blackjack.insurancePaid', { amount: money(fromMinor(returned)) }) : t('blackjack.insuranceLost'));
    }
    parts.push(wonText(context, answer.win));
    return parts.join(' — ');
  };

  const show = (answer: RoundAnswer) => {
    view = answer.outcome as BlackjackView;
    roundId = view.inPlay ? answer.roundId : null;
    parts.balance.textContent = money(answer.balance);
    if (view.inPlay) {
      parts.result.dataset.win = 'false';
      parts.result.textContent = prompt(view);
    } else {
      parts.result.dataset.win = answer.win > answer.stake ? 'true' : 'false';
      parts.result.textContent = describe(answer);
    }
    context.onRound(answer);
  };

  async function dealRound(): Promise<void> {
    if (busy) return;
    busy = true;
    render();
    context.fail(null);
    try {
      show(await context.call<RoundAnswer>('POST', '/blackjack/deal', { stake: Number(parts.stake.value), clientRequestId: crypto.randomUUID() }));
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
    try {
      const body: Record<string, unknown> = { roundId, action, seq: view.seq };
      if (take !== undefined) body.take = take;
      show(await context.call<RoundAnswer>('POST', '/blackjack/action', body));
    } catch (error) {
      context.fail(error);
    } finally {
      busy = false;
      render();
    }
  }

  render();
  try {
    const open = await context.call<{ round: { roundId: string; gameId: string; stake: number; outcome: unknown } | null }>('GET', '/round/open');
    if (open.round && (open.round.outcome as BlackjackView | null)?.inPlay) {
      view = open.round.outcome as BlackjackView;
      roundId = open.round.roundId;
      parts.result.textContent = `${t('round.resumed')} ${prompt(view)}`;
      render();
    }
  } catch (error) {
    context.fail(error);
  }
}

/* ---------- plinko ---------- */

function drawPlinko(canvas: HTMLCanvasElement, rows: number, path: number[], step: number, landed: number | null): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const gap = Math.min(width / (rows + 2), (height - 40) / (rows + 1));
  const top = 20;
  const pegX = (row: number, index: number) => width / 2 + (index - row / 2) * gap;
  ctx.clearRect(0, 0, width, height);
  ctx.fillStyle = '#061a13';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#a7f3d0';
  for (let row = 0; row < rows; row++) {
    for (let index = 0; index <= row + 1; index++) {
      ctx.beginPath();
      ctx.arc(pegX(row + 1, index), top + (row + 1) * gap, 3, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  for (let slot = 0; slot <= rows; slot++) {
    const x = pegX(rows, slot);
    ctx.fillStyle = slot === landed ? '#fcd34d' : '#0e3b2b';
    ctx.fillRect(x - gap / 2 + 2, top + (rows + 0.6) * gap, gap - 4, gap * 0.7);
  }
  // The ball: after `step` bounces it sits between the pegs of that row.
  const rights = path.slice(0, step).reduce((sum, bounce) => sum + bounce, 0);
  const x = pegX(step, rights);
  const y = top + step * gap + (step === 0 ? 0 : gap * 0.5);
  ctx.beginPath();
  ctx.arc(x, y, gap * 0.28, 0, Math.PI * 2);
  ctx.fillStyle = '#f472b6';
  ctx.fill();
}

export function startPlinko(context: TableContext): void {
  const { host, money, t } = context;
  const rows = 12;
  const parts = panelParts(context, 'meter.stake');
  const panel = make('section', { className: 'gc-pk', testId: 'gc-plinko' });
  const canvas = pictureCanvas('gc-pk__board', 'gc-plinko-board', 520, 420, t('plinko.board'));
  const risk = make('select', { testId: 'gc-plinko-risk' });
  for (const level of ['low', 'medium', 'high'] as const) {
    const option = make('option', { text: t(`plinko.${level}`) });
    option.value = level;
    risk.append(option);
  }
  const riskBox = make('label', { className: 'gc__stake' });
  riskBox.append(make('span', { className: 'gc__meter-label', text: t('meter.risk') }), risk);
  const drop = button(t('plinko.drop'), 'gc__spin', () => void play());
  const controls = make('div', { className: 'gc__controls gc-pk__controls' });
  controls.append(parts.balanceBox, parts.stakeBox, riskBox, drop);
  panel.append(canvas, parts.result, controls);
  host.append(panel);
  drawPlinko(canvas, rows, [], 0, null);

  const animate = (path: number[], slot: number) =>
    new Promise<void>((resolve) => {
      if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
        drawPlinko(canvas, rows, path, path.length, slot);
        resolve();
        return;
      }
      let step = 0;
      const tick = () => {
        drawPlinko(canvas, rows, path, step, step >= path.length ? slot : null);
        if (step >= path.length) {
          resolve();
          return;
        }
        step++;
        window.setTimeout(tick, 70);
      };
      tick();
    });

  async function play(): Promise<void> {
    if (drop.disabled) return;
    drop.disabled = true;
    context.fail(null);
    try {
      const answer = await context.call<RoundAnswer>('POST', '/plinko/drop', { stake: Number(parts.stake.value), risk: risk.value, clientRequestId: crypto.randomUUID() });
      parts.balance.textContent = money(subtractMajor(answer.balance, answer.win));
      const outcome = answer.outcome as { path: number[]; slot: number; multiplierTenths: number };
      await animate(outcome.path, outcome.slot);
      parts.balance.textContent = money(answer.balance);
      parts.result.dataset.win = answer.win > answer.stake ? 'true' : 'false';
      const multiplier = `${(outcome.multiplierTenths / 10).toLocaleString(context.locale)}×`;
      parts.result.textContent = `${multiplier} — ${wonText(context, answer.win)}`;
      context.onRound(answer);
    } catch (error) {
      context.fail(error);
    } finally {
      drop.disabled = false;
    }
  }
}

/* ---------- mines ---------- */

interface MinesView {
  inPlay: boolean;
  phase: 'playing' | 'lost' | 'cashed';
  mines: number;
  revealed: number[];
  minePositions: number[] | null;
  hit: number | null;
  multiplier: number;
  nextMultiplier: number | null;
  /** What cashing out now pays at least, minor units; null when there is nothing to cash out. */
  cashOutAtLeast: number | null;
}

export async function startMines(context: TableContext): Promise<void> {
  const { host, money, t } = context;
  const parts = panelParts(context, 'meter.stake');
  const panel = make('section', { className: 'gc-mn', testId: 'gc-mines' });
  const grid = make('div', { className: 'gc-mn__grid', testId: 'gc-mines-grid' });
  const count = make('select', { testId: 'gc-mines-count' });
  for (const n of [1, 3, 5, 10, 15, 20, 24]) {
    const option = make('option', { text: String(n) });
    option.value = String(n);
    count.append(option);
  }
  count.value = '3';
  const countBox = make('label', { className: 'gc__stake' });
  countBox.append(make('span', { className: 'gc__meter-label', text: t('meter.mines') }), count);
  const startButton = button(t('mines.start'), 'gc__spin', () => void begin());
  const cashout = button(t('mines.cashOut'), 'gc__small gc-mn__cashout', () => void cashOut());
  const controls = make('div', { className: 'gc__controls gc-mn__controls' });
  controls.append(parts.balanceBox, parts.stakeBox, countBox, startButton);
  panel.append(grid, parts.result, cashout, controls);
  host.append(panel);

  const multiplierText = (value: number) => value.toLocaleString(context.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  let roundId: string | null = null;
  let view: MinesView | null = null;
  let busy = false;

  const render = () => {
    const revealed = new Set(view?.revealed ?? []);
    const mines = new Set(view?.minePositions ?? []);
    grid.replaceChildren(
      ...Array.from({ length: 25 }, (_, cell) => {
        const state = revealed.has(cell) ? 'safe' : mines.has(cell) ? (cell === view?.hit ? 'hit' : 'mine') : 'hidden';
        const text = state === 'safe' ? '◆' : state === 'hidden' ? '' : '✹';
        const where = { row: Math.floor(cell / 5) + 1, column: (cell % 5) + 1 };
        const label = t(state === 'safe' ? 'mines.cellGem' : state === 'hidden' ? 'mines.cell' : 'mines.cellMine', where);
        const node = button(text, 'gc-mn__cell', () => void pick(cell), label);
        node.dataset.state = state;
        node.disabled = busy || !view?.inPlay || state !== 'hidden';
        return node;
      }),
    );
    const playing = Boolean(view?.inPlay);
    startButton.disabled = busy || playing;
    count.disabled = playing;
    parts.stake.disabled = playing;
    cashout.hidden = !playing;
    cashout.disabled = busy || (view?.revealed.length ?? 0) === 0;
    cashout.textContent = playing && view?.cashOutAtLeast ? t('mines.cashOutAmount', { amount: money(fromMinor(view.cashOutAtLeast)) }) : t('mines.cashOut');
  };

  const show = (answer: RoundAnswer) => {
    view = answer.outcome as MinesView;
    roundId = view.inPlay ? answer.roundId : null;
    parts.balance.textContent = money(answer.balance);
    if (view.inPlay) {
      parts.result.dataset.win = 'false';
      parts.result.textContent = view.nextMultiplier ? t('mines.nextGem', { multiplier: multiplierText(view.nextMultiplier) }) : t('mines.cashOutNow');
    } else if (view.phase === 'lost') {
      parts.result.dataset.win = 'false';
      parts.result.textContent = t('mines.lost');
    } else {
      parts.result.dataset.win = answer.win > answer.stake ? 'true' : 'false';
      parts.result.textContent = t('mines.won', { multiplier: multiplierText(view.multiplier), amount: money(answer.win) });
    }
    context.onRound(answer);
  };

  const run = async (path: string, body: Record<string, unknown>) => {
    if (busy) return;
    busy = true;
    render();
    context.fail(null);
    try {
      show(await context.call<RoundAnswer>('POST', path, body));
    } catch (error) {
      context.fail(error);
    } finally {
      busy = false;
      render();
    }
  };
  const begin = () => run('/mines/start', { stake: Number(parts.stake.value), mines: Number(count.value), clientRequestId: crypto.randomUUID() });
  const pick = (cell: number) => (roundId ? run('/mines/pick', { roundId, cell }) : Promise.resolve());
  const cashOut = () => (roundId ? run('/mines/cashout', { roundId }) : Promise.resolve());

  render();
  try {
    const open = await context.call<{ round: { roundId: string; stake: number; outcome: unknown } | null }>('GET', '/round/open');
    if (open.round && (open.round.outcome as MinesView | null)?.inPlay) {
      view = open.round.outcome as MinesView;
      roundId = open.round.roundId;
      parts.result.textContent = t('round.resumed');
      render();
    }
  } catch (error) {
    context.fail(error);
  }
}
