/**
 * Live roulette (issue 16): the table the server runs for everyone, gameId 101. A round opens its
 * betting window with a commitment; the player stacks chips on the shared layout (`rouletteLayout`)
 * and places them while the window is open by the server's clock, and gets a receipt per accepted
 * bet; then no more bets, the winning number, the settlement of the player's bets and the revealed
 * seed, which anyone can hash to check it against the commitment shown before the round.
 *
 * The round's events come over the real-time gateway (`../gateway.ts`, topic `live-roulette:<table>`),
 * followed from the topic's number the table's answer was read at, so nothing between the read and
 * the subscription is lost; a dropped socket reconnects and the gateway replays whatever it missed
 * (a result included) in order.
 * The countdown runs by the server's clock: the offset between the server's time and the device's
 * is taken from the table's answer, never from the device alone.
 *
 * The wheel is the single-player table's, on PixiJS (`table-art/roulette-wheel.ts`): when the round's
 * result arrives the ball spins round and drops into the winning pocket (at once with reduced
 * motion), and only then is the number announced and put on the history board (the last numbers,
 * red, black or green) and its spot on the layout lit; the plain 2D wheel stays for when no renderer
 * can start.
 *
 * What the player did stays on show: the receipts of a round, settled, stay until the player's next
 * bet is accepted (not until the next round opens), and a refused bet (not enough money, the window
 * closed) is said beside the Place button, where the player is looking, not at the top of the page.
 * The table fits the game's frame without scrolling at 1280×800 and 390×844 (`rooms.css`).
 */

import type { z } from 'zod';
import type { liveBetReceiptSchema, liveRoundSchema, liveTableResponseSchema } from '../../../contracts/games/live-roulette';
import { button, majorOf, make, minorOf, panelParts, tableSound, type GameContext, type GameRenderer } from './parts';
import { colourOf, rouletteLayout, rouletteWheelView } from './roulette';
import './table-art/table-art.css';
import './rooms.css';
import { roomLanguage, roomTranslator } from './room-strings';
import { timeOfDay } from '../clock';
import { FLAVOURS } from '../sound/music';
import { openGateway } from '../gateway';

type Table = z.infer<typeof liveTableResponseSchema>;
type Round = z.infer<typeof liveRoundSchema>;
type Receipt = z.infer<typeof liveBetReceiptSchema>;

/** The live lobby's table (the server's lobby has one table; its id is the configuration's). */
export const LIVE_TABLE_ID = 'roulette-1';
/** The numbers the history board keeps, newest first. */
const HISTORY_KEPT = 12;
/** A refusal the player can fix by a smaller bet: said beside the button only, not also at the page's top. */
const FUNDS_REFUSALS = new Set(['INSUFFICIENT_FUNDS']);

/** The events the server publishes on the table's topic (server/games/kinds/live-roulette). */
type TableEvent =
  | { type: 'betting-open'; round: Round }
  | { type: 'no-more-bets'; roundId: string; number: number; closedAt: string }
  | { type: 'result'; round: Round; bets: number; staked: number; paid: number };

interface PendingBet {
  type: string;
  numbers: number[];
  /** Minor units: chips stack as integers. */
  stakeMinor: number;
  label: string;
}

export async function startLiveRoulette(context: GameContext): Promise<void> {
  const { host, t, money, locale } = context;
  const parts = panelParts(context, 'meter.chip');
  parts.stake.setAttribute('aria-label', t('meter.chipValue'));
  const rt = roomTranslator(roomLanguage(locale));
  const panel = make('section', { className: 'gc-rl gc-lr', testId: 'gc-live-roulette' });
  const sound = tableSound(context, FLAVOURS.lounge);

  // What the table is, said plainly: one table the server spins for every player at once.
  const kind = make('p', { className: 'gc-lr__kind', testId: 'gc-live-kind', text: rt('rm.liveKind') });
  const shared = make('p', { className: 'gc-lr__shared', testId: 'gc-live-shared', text: rt('rm.liveShared') });
  const countdown = make('span', { className: 'gc-lr__countdown', testId: 'gc-live-countdown' });
  countdown.setAttribute('role', 'timer');
  // Every change of the round is announced: betting open, no more bets, the winning number.
  const status = make('p', { className: 'gc-lr__status', testId: 'gc-live-status' });
  status.setAttribute('aria-live', 'assertive');
  status.setAttribute('aria-atomic', 'true');
  const about = make('div', { className: 'gc-lr__about' });
  about.append(kind, shared);
  const now = make('div', { className: 'gc-lr__now' });
  now.append(countdown, status);
  const heading = make('div', { className: 'gc-lr__head' });
  heading.append(about, now, sound.controls);
  // The round so far (window open, no more bets, the number), so no step is gone once the next one shows.
  const log = make('ol', { className: 'gc-lr__log', testId: 'gc-live-log' });
  const announce = (text: string) => {
    status.textContent = text;
    log.append(make('li', { text }));
  };

  const wheel = rouletteWheelView(t('roulette.wheel'), sound.cues);
  /** A number drawn before the table was opened: the ball already in its pocket. */
  const showDrawn = (result: number) => wheel.show(result);
  const spinTo = (result: number) => wheel.spinTo(result);

  const pending = new Map<string, PendingBet>();
  const list = make('ul', { className: 'gc-rl__bets', testId: 'gc-rl-bets' });
  const total = make('span', { className: 'gc-rl__total', testId: 'gc-rl-total' });
  const placeButton = button(t('live.place'), 'gc__spin', () => void placeBets());
  placeButton.dataset.testid = 'gc-live-place';
  const clear = button(
    t('roulette.clear'),
    'gc__small',
    () => {
      pending.clear();
      render();
    },
    t('roulette.clearBets'),
  );
  const receipts = make('ul', { className: 'gc-lr__receipts', testId: 'gc-live-receipts' });
  receipts.setAttribute('aria-label', t('live.receipts'));
  receipts.title = rt('rm.receiptsKept');
  // A refused bet, said beside the Place button (role alert: read out at once).
  const refusal = make('p', { className: 'gc-lr__refusal', testId: 'gc-live-refusal' });
  refusal.setAttribute('role', 'alert');
  // The last numbers drawn, newest first, as coloured balls (the colour also in words for screen readers).
  const history = make('ol', { className: 'gc-lr__history', testId: 'gc-live-history' });
  history.setAttribute('aria-label', rt('rm.history'));

  const colourName = (n: number) => t(`roulette.${colourOf(n)}`);
  const layout = rouletteLayout(context, (key, type, numbers, label) => {
    const chip = minorOf(Number(parts.stake.value));
    const existing = pending.get(key);
    pending.set(key, { type, numbers, label, stakeMinor: (existing?.stakeMinor ?? 0) + chip });
    // A new chip is the player's answer to a refusal: the refusal has been read.
    refusal.textContent = '';
    render();
  });

  // The round's commitment and revealed seed, folded: opened, the hashes are taller than the room has space for.
  const fairness = make('details', { className: 'gc-lr__fair' });
  fairness.append(make('summary', { text: rt('rm.fairness') }));
  const commitment = make('p', { className: 'gc-lr__hash', testId: 'gc-live-commitment' });
  const seed = make('p', { className: 'gc-lr__hash', testId: 'gc-live-seed' });
  fairness.append(commitment, seed);

  const controls = make('div', { className: 'gc__controls gc-rl__controls gc-lr__controls' });
  controls.append(parts.balanceBox, parts.stakeBox, placeButton, refusal);
  const betsBox = make('div', { className: 'gc-rl__placed gc-lr__placed' });
  const betsHead = make('div', { className: 'gc-rl__placed-head' });
  betsHead.append(make('h2', { text: t('roulette.yourBets') }), total, clear);
  betsBox.append(parts.result, betsHead, list, receipts);
  const side = make('div', { className: 'gc-lr__side' });
  side.append(wheel.canvas(), history, fairness);
  const main = make('div', { className: 'gc-lr__main' });
  main.append(log, layout, betsBox, controls);
  const board = make('div', { className: 'gc-lr__board' });
  board.append(side, main);
  panel.append(heading, board);
  host.append(panel);

  let round: Round | null = null;
  let recentResults: number[] = [];
  /** Server time minus device time, from the table's answer. */
  let offsetMs = 0;
  let placing = false;
  /** The player's receipts of the current round, to settle when its result comes. */
  let mine: Receipt[] = [];
  /** What each accepted bet covered, in the player's words (the layout's labels). */
  const labels = new Map<string, string>();
  // The page's header already names the table; times on the 24-hour clock of both languages.
  const clockFormat = timeOfDay(locale, { seconds: true });
  const time = (iso: string) => clockFormat.format(new Date(iso));
  const open = () => round?.status === 'BETTING' && Date.parse(round.closesAt) > Date.now() + offsetMs;

  function render(): void {
    list.replaceChildren(...[...pending.values()].map((bet) => make('li', { testId: 'gc-rl-bet', text: `${bet.label}: ${money(majorOf(bet.stakeMinor))}` })));
    const sum = [...pending.values()].reduce((s, bet) => s + bet.stakeMinor, 0);
    total.textContent = pending.size > 0 ? t('roulette.totalBet', { amount: money(majorOf(sum)) }) : '';
    placeButton.disabled = placing || pending.size === 0 || !open();
    clear.disabled = pending.size === 0;
    for (const cell of layout.querySelectorAll<HTMLButtonElement>('button[data-bet]')) {
      cell.dataset.placed = pending.has(cell.dataset.bet ?? '') ? 'true' : 'false';
      // Outside the window the spots stay focusable but say so; chips are only stacked while it is open.
      cell.setAttribute('aria-disabled', open() ? 'false' : 'true');
    }
  }

  const tickCountdown = () => {
    if (round?.status === 'BETTING') {
      const left = Math.max(0, Math.ceil((Date.parse(round.closesAt) - (Date.now() + offsetMs)) / 1000));
      countdown.textContent = left > 0 ? t('live.closesIn', { seconds: left }) : t('live.noMoreBets');
      countdown.dataset.state = left > 0 ? 'open' : 'closed';
    } else {
      countdown.textContent = '';
      countdown.dataset.state = 'closed';
    }
    render();
  };
  const clock = window.setInterval(tickCountdown, 250);

  const showFairness = () => {
    commitment.textContent = round ? t('live.commitment', { number: round.number, hash: round.commitment }) : '';
    seed.textContent = round?.serverSeed ? t('live.seed', { seed: round.serverSeed, clientSeed: round.clientSeed }) : '';
  };

  const showHistory = () => {
    if (recentResults.length === 0) {
      history.replaceChildren(make('li', { className: 'gc-lr__history-empty', text: rt('rm.historyEmpty') }));
      return;
    }
    history.replaceChildren(
      ...recentResults.map((n, i) => {
        const item = make('li', { className: 'gc-lr__pocket', testId: 'gc-live-history-number', text: String(n) });
        item.dataset.colour = colourOf(n);
        if (i === 0) item.dataset.latest = 'true';
        item.append(make('span', { className: 'gc-vh', text: ` ${colourName(n)}` }));
        return item;
      }),
    );
  };

  /** The winning number's spot on the layout glows until the next round opens. */
  const markHit = (n: number | null) => {
    for (const cell of layout.querySelectorAll<HTMLButtonElement>('button[data-hit]')) delete cell.dataset.hit;
    if (n !== null) layout.querySelector<HTMLButtonElement>(`button[data-bet="straight:${n}"]`)?.setAttribute('data-hit', 'true');
  };

  const showReceipt = (receipt: Receipt) => {
    const bets = labels.get(receipt.betId) ?? receipt.bets.map((bet) => `${bet.type}: ${money(bet.stake)}`).join(', ');
    const settled = receipt.win === null ? '' : ` — ${receipt.win > 0 ? t('result.youWon', { amount: money(receipt.win) }) : t('result.noWin')}`;
    const item = make('li', {
      testId: 'gc-live-receipt',
      text: `${t('live.receipt', { number: receipt.roundNumber, amount: money(receipt.stake), accepted: time(receipt.acceptedAt), closes: time(receipt.windowClosesAt) })} (${bets})${settled}`,
    });
    item.dataset.betId = receipt.betId;
    item.dataset.state = receipt.win === null ? 'open' : receipt.win > 0 ? 'won' : 'lost';
    item.title = t('live.receiptCommitment', { hash: receipt.commitment });
    const existing = receipts.querySelector<HTMLElement>(`[data-bet-id="${receipt.betId}"]`);
    if (existing) existing.replaceWith(item);
    else receipts.append(item);
  };

  const onRound = (next: Round) => {
    if (round?.roundId !== next.roundId) {
      // The last round's receipts and its result stay until the player's next bet is accepted.
      mine = [];
      log.replaceChildren();
      pending.clear();
      markHit(null);
    }
    round = next;
    showFairness();
    tickCountdown();
  };

  const settleMine = async (settled: Round) => {
    let balance: number | null = null;
    let won = 0;
    for (const receipt of mine.filter((entry) => entry.roundId === settled.roundId)) {
      const answer = await context.call<Receipt>('GET', `/live-roulette/bets/${receipt.betId}`);
      showReceipt(answer);
      won += minorOf(answer.win ?? 0);
      balance = answer.balance;
    }
    if (balance !== null) {
      // The balance after the credit: the receipt's balance is read when it is asked for.
      parts.balance.textContent = money(balance);
      parts.result.dataset.win = won > 0 ? 'true' : 'false';
      parts.result.textContent = won > 0 ? t('result.youWon', { amount: money(majorOf(won)) }) : t('result.noWin');
    }
  };

  let spinning: Promise<void> = Promise.resolve();
  const handle = async (event: TableEvent) => {
    if (event.type === 'betting-open') {
      onRound(event.round);
      announce(t('live.open', { number: event.round.number }));
    } else if (event.type === 'no-more-bets') {
      if (round && round.roundId === event.roundId) onRound({ ...round, status: 'CLOSED' });
      announce(t('live.noMoreBets'));
    } else if (event.type === 'result') {
      onRound(event.round);
      const result = event.round.result;
      if (result === null) return;
      showFairness();
      spinning = spinning.then(async () => {
        await spinTo(result);
        // On the board once the ball rests: the board never tells the number before the wheel does.
        recentResults = [result, ...recentResults].slice(0, HISTORY_KEPT);
        showHistory();
        markHit(result);
        sound.cues.result();
        announce(t('live.result', { number: result, colour: colourName(result) }));
        await settleMine(event.round).catch((error: unknown) => context.fail(error));
      });
      await spinning;
    }
  };

  async function placeBets(): Promise<void> {
    if (placing || pending.size === 0 || !round || !open()) return;
    placing = true;
    render();
    context.fail(null);
    refusal.textContent = '';
    try {
      const bets = [...pending.values()];
      const receipt = await context.call<Receipt>('POST', '/live-roulette/bets', {
        tableId: LIVE_TABLE_ID,
        roundId: round.roundId,
        bets: bets.map(({ type, numbers, stakeMinor }) => ({ type, numbers, stake: majorOf(stakeMinor) })),
        clientRequestId: crypto.randomUUID(),
      });
      mine.push(receipt);
      // A new bet: the receipts and the result of the rounds before it have had their time on show.
      for (const old of receipts.querySelectorAll<HTMLElement>('[data-bet-id]')) {
        if (!mine.some((entry) => entry.betId === old.dataset.betId)) old.remove();
      }
      parts.result.textContent = '';
      labels.set(receipt.betId, bets.map((bet) => `${bet.label}: ${money(majorOf(bet.stakeMinor))}`).join(', '));
      pending.clear();
      parts.balance.textContent = money(receipt.balance);
      showReceipt(receipt);
      announce(t('live.accepted', { amount: money(receipt.stake) }));
    } catch (error) {
      refusal.textContent = error instanceof Error ? error.message : t('error.start');
      const code = (error as { status?: unknown } | null)?.status;
      if (!(typeof code === 'string' && FUNDS_REFUSALS.has(code))) context.fail(error);
    } finally {
      placing = false;
      render();
    }
  }

  // The table now, and the server's clock.
  const table = await context.call<Table>('GET', `/live-roulette/tables/${LIVE_TABLE_ID}`);
  offsetMs = Date.parse(table.serverTime) - Date.now();
  recentResults = table.recentResults.slice(0, HISTORY_KEPT);
  showHistory();
  if (table.round) {
    onRound(table.round);
    if (table.round.status === 'BETTING') announce(t('live.open', { number: table.round.number }));
    else if (table.round.status === 'CLOSED') announce(t('live.noMoreBets'));
    else if (table.round.result !== null) {
      await showDrawn(table.round.result);
      markHit(table.round.result);
      announce(t('live.result', { number: table.round.result, colour: colourName(table.round.result) }));
    }
  } else {
    status.textContent = t('live.waiting');
    showFairness();
  }
  render();

  // The table's events after the read above: a dropped socket reconnects and replays after the last sequence seen.
  let queue: Promise<void> = Promise.resolve();
  const gateway = openGateway({
    onConnected: (connected) => {
      panel.dataset.connected = String(connected);
    },
  });
  gateway.follow(
    table.topic,
    {
      // One event after another: a replayed result settles before the next round opens.
      onEvent: (payload) => {
        queue = queue.then(() => handle(payload as TableEvent)).catch((error: unknown) => context.fail(error));
      },
    },
    table.topicSeq,
  );
  window.addEventListener('pagehide', () => window.clearInterval(clock));
}

export const liveRouletteRenderer: GameRenderer<'live-roulette'> = { kind: 'live-roulette', start: startLiveRoulette };
