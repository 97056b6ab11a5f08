/**
 * Bingo's lobby and room (issue 16): the rooms with their next game, price, prizes and jackpot; in
 * a room, buying tickets, the calls, the player's tickets marked and sorted by numbers to go, the
 * prizes, and after the game the check of the ball order against its commitment. Bingo is a shared
 * kind: it has no rounds of its own, so this panel reads `/gs/bingo/*` instead of `onRound`.
 *
 * The room follows its real-time topic `bingo:<roomId>` through the gateway (`../gateway.ts`, one
 * socket that replays what a dropped connection missed): each event of the room's game refreshes
 * the panel. The room's chat (`room-chat.ts`) rides the same socket. Only when no socket can open
 * at all (a proxy without WebSocket support) does the room fall back to reading the game's events
 * every second and a half.
 *
 * The room looks like a bingo hall (issue 27): the ball just called large, with how many have been
 * called and the calls before it; tickets drawn as bingo tickets, daubed as their numbers are called,
 * the best ticket first, each saying how many numbers it still needs for the prize being played for;
 * and a win the player cannot miss, a banner with the prize and the amount, announced at once to
 * screen readers (no animation with prefers-reduced-motion). The room fits the game's frame at
 * 1280×800 and 390×844 without scrolling (`rooms.css`).
 */

import type { z } from 'zod';
import type {
  bingoBuyResponseSchema,
  bingoEventsResponseSchema,
  bingoGameStateResponseSchema,
  bingoMyTicketsResponseSchema,
  bingoRoomsResponseSchema,
  bingoVerifyResponseSchema,
  BingoPrizeName,
} from '../../../contracts/games/bingo';
import { timeOfDay } from '../clock';
import { openGateway, type Gateway } from '../gateway';
import type { StringKey } from '../strings';
import { button, majorOf, make, minorOf, type GameContext, type GameRenderer } from './parts';
import { roomChat, type RoomChat } from './room-chat';
import { roomLanguage, roomTranslator } from './room-strings';
import './rooms.css';

type Rooms = z.infer<typeof bingoRoomsResponseSchema>;
type Room = Rooms['rooms'][number];
type Tickets = z.infer<typeof bingoMyTicketsResponseSchema>;
type State = z.infer<typeof bingoGameStateResponseSchema>;

const POLL_MS = 1_500;
/** While the room has no next game yet after one ended, the rooms are asked again this often. */
const NEXT_GAME_MS = 5_000;
const prizeKey = (prize: BingoPrizeName) => `bingo.prize.${prize}` as StringKey;

/** The calls shown beside the ball just called, newest first. */
const PREVIOUS_CALLS = 5;

/** Time left as m:ss, or h:mm:ss from an hour on. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export async function startBingo(context: GameContext): Promise<void> {
  const { host, t, money, locale } = context;
  const rt = roomTranslator(roomLanguage(locale));
  const panel = make('section', { className: 'gc-bg', testId: 'gc-bingo' });
  const lobby = make('div', { className: 'gc-bg__rooms', testId: 'gc-bingo-rooms' });
  const roomView = make('div', { className: 'gc-bg__room', testId: 'gc-bingo-room' });
  roomView.hidden = true;
  const lobbyHeading = make('h2', { className: 'gc-bg__heading', text: t('bingo.rooms') });
  panel.append(lobbyHeading, lobby, roomView);
  host.append(panel);

  const clock = timeOfDay(locale);
  const time = (iso: string) => clock.format(new Date(iso));
  // "1 player", "2 players": the language's own plural rule picks the form.
  const plural = new Intl.PluralRules(locale);
  const counted = (what: 'players' | 'tickets', count: number) =>
    t(`bingo.count.${what}.${plural.select(count) === 'one' ? 'one' : 'other'}` as StringKey, { count });
  /** "Needs 2 players and 6 tickets — 1 player, 3 tickets so far": a game short of its minimum is cancelled and refunded when sales close. */
  const minimumText = (rule: { minPlayers: number; minTickets: number }, sold: { players: number; ticketsSold: number }) =>
    t('bingo.minimum', {
      players: counted('players', rule.minPlayers),
      tickets: counted('tickets', rule.minTickets),
      havePlayers: counted('players', sold.players),
      haveTickets: counted('tickets', sold.ticketsSold),
    });
  /** Nodes that count down to a start (`data-starts-at`), refreshed every second. */
  const tickCountdowns = () => {
    for (const node of panel.querySelectorAll<HTMLElement>('[data-starts-at]')) {
      const left = Date.parse(node.dataset.startsAt ?? '') - Date.now();
      node.textContent = left > 0 ? t('bingo.startsIn', { time: countdownText(left) }) : t('bingo.startsNow');
    }
  };
  const countdown = (startsAt: string, testId: string) => {
    const node = make('p', { className: 'gc-bg__countdown', testId });
    node.dataset.startsAt = startsAt;
    return node;
  };
  window.setInterval(tickCountdowns, 1_000);
  let rooms: Room[] = [];
  let current: Room | null = null;
  let gameId: string | null = null;
  let lastSeq = 0;
  let timer: number | undefined;
  let live: Gateway | null = null;
  let chat: RoomChat | null = null;
  let nextGameTimer: number | undefined;

  const renderLobby = () => {
    lobby.replaceChildren(
      ...rooms.map((room) => {
        const card = make('article', { className: 'gc-bg__card', testId: `gc-bingo-room-${room.roomId}` });
        const next = room.playingGame ?? room.nextGame;
        card.append(
          make('h3', { text: room.name }),
          make('p', { text: `${t('bingo.balls', { balls: room.balls })} · ${t('bingo.price', { amount: money(room.ticketPrice) })}` }),
          make('p', { text: next ? t('bingo.nextGame', { time: time(next.startsAt) }) : t('bingo.noGame') }),
        );
        // The game on sale: its countdown and how far it is from the minimum it needs to be played.
        if (room.nextGame) {
          card.append(
            countdown(room.nextGame.startsAt, `gc-bingo-countdown-${room.roomId}`),
            make('p', { className: 'gc-bg__minimum', testId: `gc-bingo-minimum-${room.roomId}`, text: minimumText(room, room.nextGame) }),
          );
        }
        card.append(make('p', { className: 'gc-bg__prizes', text: room.prizes.map((prize) => t(prizeKey(prize.prize))).join(' · ') }));
        if (room.jackpot)
          card.append(
            make('p', {
              className: 'gc-bg__jackpot',
              text: `${t('bingo.jackpot', { amount: money(room.jackpot.amount) })} — ${t('bingo.jackpotRule', { calls: room.jackpot.calls, percent: room.jackpot.contributionPercent })}`,
            }),
          );
        card.append(button(t('bingo.enter'), 'gc__small', () => void enter(room)));
        return card;
      }),
    );
    tickCountdowns();
  };

  // The room: buying, the calls, the tickets.
  const back = button(t('bingo.back'), 'gc__small', () => leave());
  const title = make('h3', { className: 'gc-bg__title', testId: 'gc-bingo-title' });
  const status = make('p', { className: 'gc__result', testId: 'gc-bingo-status' });
  status.setAttribute('aria-live', 'polite');
  const minimum = make('p', { className: 'gc-bg__minimum', testId: 'gc-bingo-minimum' });
  const roomCountdown = make('p', { className: 'gc-bg__countdown', testId: 'gc-bingo-countdown' });
  const winnersList = make('div', { className: 'gc-bg__winners', testId: 'gc-bingo-winners' });
  const count = make('select', { testId: 'gc-bingo-count' });
  const buyButton = button(t('bingo.buy'), 'gc__spin', () => void buy());
  const buyBox = make('label', { className: 'gc__stake' });
  buyBox.append(make('span', { className: 'gc__meter-label', text: t('bingo.tickets') }), count);
  const controls = make('div', { className: 'gc-bg__controls' });
  controls.append(buyBox, buyButton);
  // The ball just called, large, with how many have been called and the calls before it.
  const lastBall = make('div', { className: 'gc-bg__ball', testId: 'gc-bingo-last' });
  lastBall.setAttribute('role', 'img');
  const ballCount = make('p', { className: 'gc-bg__ball-count', testId: 'gc-bingo-ball-count' });
  const calls = make('ol', { className: 'gc-bg__calls', testId: 'gc-bingo-calls' });
  calls.setAttribute('aria-label', rt('rm.lastCalls'));
  const caller = make('div', { className: 'gc-bg__caller', testId: 'gc-bingo-caller' });
  const callerText = make('div', { className: 'gc-bg__caller-text' });
  callerText.append(make('p', { className: 'gc-bg__caller-label', text: rt('rm.calledBall') }), ballCount, calls);
  caller.append(lastBall, callerText);
  // The player's win: a banner with the prize and the amount, said at once to screen readers.
  const winBanner = make('div', { className: 'gc-bg__win', testId: 'gc-bingo-win' });
  winBanner.setAttribute('aria-live', 'assertive');
  winBanner.setAttribute('aria-atomic', 'true');
  const tickets = make('div', { className: 'gc-bg__tickets', testId: 'gc-bingo-tickets' });
  const fairness = make('p', { className: 'gc-bg__commitment', testId: 'gc-bingo-commitment' });
  const bar = make('div', { className: 'gc-bg__bar' });
  const heading = make('div', { className: 'gc-bg__room-head' });
  heading.append(back, title);
  const sale = make('div', { className: 'gc-bg__sale' });
  sale.append(status, roomCountdown, minimum);
  bar.append(heading, sale, controls);
  const side = make('div', { className: 'gc-bg__side' });
  side.append(caller, winnersList);
  const main = make('div', { className: 'gc-bg__main' });
  main.append(winBanner, tickets, fairness);
  roomView.append(bar, side, main);

  /** The prize now being played for (the state's), which each ticket counts its numbers to go for. */
  let playingFor: State['playingFor'] = null;
  /** The balls of the room's game. */
  let ballsInGame = 90;
  /** Each ticket's number in the player's words (Ticket 1, 2, …), in the order the tickets were first shown. */
  const ticketNumbers = new Map<string, number>();
  /** The wins already shown of the game on show (ticket and prize), and which game that is. */
  let wins = { gameId: '', seen: new Set<string>() };

  const renderTickets = (answer: Tickets) => {
    if (wins.gameId !== answer.gameId) {
      wins = { gameId: answer.gameId, seen: new Set() };
      ticketNumbers.clear();
      winBanner.replaceChildren();
      delete winBanner.dataset.fresh;
    }
    for (const ticket of answer.tickets) if (!ticketNumbers.has(ticket.ticketId)) ticketNumbers.set(ticket.ticketId, ticketNumbers.size + 1);
    const live = answer.gameStatus === 'PLAYING' || answer.gameStatus === 'SELLING';
    // The best ticket first: a winning ticket, then the fewest numbers to go (the server's order among equals).
    const ordered = [...answer.tickets].sort((a, b) => Number(b.won.length > 0) - Number(a.won.length > 0) || (live ? a.toGo - b.toGo : 0));
    tickets.dataset.count = String(ordered.length);
    tickets.replaceChildren(
      ...(ordered.length === 0 && answer.gameStatus !== 'SELLING' ? [make('p', { className: 'gc-bg__none', text: rt('rm.noTickets') })] : []),
      ...ordered.map((ticket) => {
        const marked = new Set(ticket.marked);
        const node = make('div', { className: 'gc-bg__ticket', testId: 'gc-bingo-ticket' });
        node.dataset.toGo = String(ticket.toGo);
        node.dataset.won = ticket.won.length > 0 ? 'true' : 'false';
        const head = make('div', { className: 'gc-bg__ticket-head' });
        const prize = playingFor ? t(prizeKey(playingFor)) : '';
        const won = ticket.won.map((win) => t('bingo.won', { prize: t(prizeKey(win.prize)), amount: money(win.amount) })).join(' · ');
        const toGo =
          live && ticket.toGo > 0
            ? prize
              ? rt(ticket.toGo === 1 ? 'rm.oneToGo' : 'rm.toLine', { count: ticket.toGo, prize })
              : t('bingo.toGo', { count: ticket.toGo })
            : '';
        const need = make('span', { className: 'gc-bg__togo', testId: 'gc-bingo-togo', text: toGo });
        need.dataset.close = live && ticket.toGo <= 2 ? 'true' : 'false';
        head.append(make('span', { className: 'gc-bg__ticket-name', text: rt('rm.ticket', { number: ticketNumbers.get(ticket.ticketId) ?? 0 }) }), need);
        const grid = make('div', { className: 'gc-bg__grid' });
        grid.style.gridTemplateColumns = `repeat(${ticket.grid[0]?.length ?? 9}, minmax(0, 1fr))`;
        for (const number of ticket.grid.flat()) {
          const cell = make('span', { className: 'gc-bg__cell', text: number > 0 ? String(number) : '' });
          cell.dataset.state = number === 0 ? 'blank' : marked.has(number) ? 'marked' : 'open';
          grid.append(cell);
        }
        node.append(head, grid);
        if (won) node.append(make('p', { className: 'gc-bg__ticket-won', text: won }));
        return node;
      }),
    );
    showWins(answer);
  };

  /** The banner of the player's wins in this game; a new win plays its entrance (none with reduced motion). */
  const showWins = (answer: Tickets) => {
    const all = answer.tickets.flatMap((ticket) => ticket.won.map((win) => ({ ...win, key: `${ticket.ticketId}:${win.prize}` })));
    if (all.length === 0) return;
    const fresh = all.filter((win) => !wins.seen.has(win.key));
    for (const win of fresh) wins.seen.add(win.key);
    if (fresh.length === 0) return;
    const latest = [...all].sort((a, b) => b.callSeq - a.callSeq)[0]!;
    const totalMinor = all.reduce((sum, win) => sum + minorOf(win.amount), 0);
    winBanner.replaceChildren(
      make('strong', { className: 'gc-bg__win-title', text: rt('rm.youWon', { prize: t(prizeKey(latest.prize)), amount: money(latest.amount) }) }),
      ...(all.length > 1 ? [make('span', { className: 'gc-bg__win-total', text: rt('rm.youWonTotal', { amount: money(majorOf(totalMinor)) }) })] : []),
    );
    // Restarted on each new win: the attribute is taken off and put back on the next frame.
    delete winBanner.dataset.fresh;
    requestAnimationFrame(() => {
      winBanner.dataset.fresh = 'true';
    });
  };

  const renderState = (state: State) => {
    playingFor = state.playingFor;
    const called = state.calls.length;
    const last = state.calls.at(-1);
    if (lastBall.textContent !== (last?.toString() ?? '')) {
      lastBall.textContent = last?.toString() ?? '';
      // The new ball rolls in (CSS; none with reduced motion).
      lastBall.dataset.seq = String(called % 2);
    }
    lastBall.setAttribute('aria-label', last === undefined ? rt('rm.noCalls') : `${rt('rm.calledBall')}: ${last}`);
    ballCount.textContent = called > 0 ? rt('rm.ballOf', { count: called, balls: ballsInGame }) : rt('rm.noCalls');
    calls.replaceChildren(
      ...state.calls
        .slice(-1 - PREVIOUS_CALLS, -1)
        .reverse()
        .map((n) => make('li', { className: 'gc-bg__call', text: String(n) })),
    );
    caller.dataset.calling = called > 0 ? 'true' : 'false';
    fairness.textContent = t('bingo.commitment', { hash: state.serverSeedHash });
    if (state.gameStatus === 'SELLING') status.textContent = t('bingo.onSale', { time: time(state.startsAt) });
    else if (state.gameStatus === 'PLAYING') status.textContent = state.playingFor ? t('bingo.playingFor', { prize: t(prizeKey(state.playingFor)) }) : '';
    else if (state.gameStatus === 'CANCELLED') status.textContent = state.cancelled ? cancelText(state.cancelled) : t('bingo.cancelled');
    else status.textContent = t('bingo.ended');
    controls.hidden = state.gameStatus !== 'SELLING';
    const selling = state.gameStatus === 'SELLING';
    minimum.textContent = selling ? minimumText(state, state) : '';
    minimum.hidden = !selling;
    roomCountdown.hidden = !selling;
    if (selling) roomCountdown.dataset.startsAt = state.startsAt;
    else delete roomCountdown.dataset.startsAt;
    tickCountdowns();
    renderWinners(state);
    if (state.serverSeed) {
      const check = button(t('bingo.verify'), 'gc__small', () => void verify(state.gameId));
      fairness.append(' ', check);
    }
  };

  /** Why the game was cancelled: the minimum it missed, and where the refund is. */
  const cancelText = (cancelled: NonNullable<State['cancelled']>) =>
    cancelled.reason === 'TOO_FEW_PLAYERS'
      ? t('bingo.cancelled.TOO_FEW_PLAYERS', { needed: counted('players', cancelled.minPlayers), had: counted('players', cancelled.players) })
      : t('bingo.cancelled.TOO_FEW_TICKETS', { needed: counted('tickets', cancelled.minTickets), had: counted('tickets', cancelled.tickets) });

  /** The prizes won so far, each with its winners by chat nickname (never a sign-in name) and the amount each. */
  const renderWinners = (state: State) => {
    if (state.winners.length === 0) {
      winnersList.replaceChildren();
      return;
    }
    const list = make('ul', { className: 'gc-bg__winner-list' });
    for (const winner of state.winners) {
      const names = winner.names.map((name) => name ?? t('bingo.aPlayer')).join(', ');
      const amounts = [...new Set(winner.amountEach)].map((amount) => money(amount)).join(' / ');
      list.append(make('li', { testId: 'gc-bingo-winner', text: `${t('bingo.winner', { prize: t(prizeKey(winner.prize)), names })} · ${amounts}` }));
    }
    winnersList.replaceChildren(make('h4', { className: 'gc-bg__winners-title', text: t('bingo.winners') }), list);
  };

  const refresh = async () => {
    if (!gameId) return;
    const [state, mine] = await Promise.all([
      context.call<State>('GET', `/bingo/games/${gameId}`),
      context.call<Tickets>('GET', `/bingo/games/${gameId}/tickets`),
    ]);
    renderState(state);
    renderTickets(mine);
    lastSeq = state.lastSeq;
  };

  /** The result of a finished game stays on show this long before the room's next game is watched. */
  const RESULT_MS = 15_000;
  let finishedAt: number | null = null;

  /** Looks up the room's game to watch once the last one is over; asks again while there is none yet. */
  const watchNext = async () => {
    window.clearTimeout(nextGameTimer);
    if (!current) return;
    const answer = await context.call<Rooms>('GET', '/bingo/rooms');
    rooms = answer.rooms;
    const room = rooms.find((r) => r.roomId === current?.roomId);
    const watch = room?.playingGame ?? room?.nextGame ?? null;
    if (watch && watch.gameId !== gameId) {
      gameId = watch.gameId;
      lastSeq = 0;
      finishedAt = null;
      await refresh();
    } else if (current && finishedAt !== null) {
      nextGameTimer = window.setTimeout(() => void watchNext().catch((error: unknown) => context.fail(error)), NEXT_GAME_MS);
    }
  };

  // Events come faster than a refresh answers: at most one refresh runs, and one more follows it.
  let refreshing: Promise<void> | null = null;
  let refreshAgain = false;
  const refreshSoon = () => {
    if (refreshing) {
      refreshAgain = true;
      return;
    }
    refreshing = (async () => {
      do {
        refreshAgain = false;
        await refresh();
      } while (refreshAgain);
    })()
      .catch((error: unknown) => context.fail(error))
      .finally(() => {
        refreshing = null;
      });
  };

  const onEvent = (event: { gameId?: unknown; type?: unknown }) => {
    if (typeof event.gameId !== 'string') return;
    if (gameId === null && finishedAt === null) gameId = event.gameId;
    // Another game of the room (the next one on sale): picked up once the result has been on show.
    if (event.gameId !== gameId) return;
    refreshSoon();
    if ((event.type === 'END' || event.type === 'CANCEL') && finishedAt === null) {
      finishedAt = Date.now();
      window.clearTimeout(nextGameTimer);
      nextGameTimer = window.setTimeout(() => void watchNext().catch((error: unknown) => context.fail(error)), RESULT_MS);
    }
  };

  /** The room's topic and its chat, on one gateway socket; without any socket, the room reads over HTTP. */
  const follow = (room: Room) => {
    const gateway = openGateway({
      onUnavailable: () => {
        if (current === room) timer = window.setInterval(() => void poll(), POLL_MS);
      },
    });
    live = gateway;
    gateway.follow(`bingo:${room.roomId}`, {
      onEvent: (payload) => onEvent(payload as { gameId?: unknown; type?: unknown }),
      // The first subscription is live only: what happened between the panel's first read and now is read again.
      onSubscribed: () => refreshSoon(),
    });
    if (room.chatChannelId !== null) {
      chat = roomChat(context, gateway, room.chatChannelId);
      side.append(chat.node);
    }
  };

  /** The fallback without a socket: the game's events after the last seq seen, every POLL_MS. */
  const poll = async () => {
    if (!current) return;
    try {
      if (gameId && finishedAt === null) {
        const events = await context.call<z.infer<typeof bingoEventsResponseSchema>>('GET', `/bingo/games/${gameId}/events?afterSeq=${lastSeq}`);
        if (events.events.length > 0) await refresh();
        if (events.events.some((event) => event.type === 'END' || event.type === 'CANCEL')) finishedAt = Date.now();
        else if (gameId) return;
      }
      if (finishedAt !== null && Date.now() - finishedAt < RESULT_MS) return;
      const answer = await context.call<Rooms>('GET', '/bingo/rooms');
      rooms = answer.rooms;
      const room = rooms.find((r) => r.roomId === current?.roomId);
      const watch = room?.playingGame ?? room?.nextGame ?? null;
      if (watch && watch.gameId !== gameId) {
        gameId = watch.gameId;
        lastSeq = 0;
        finishedAt = null;
        await refresh();
      }
    } catch (error) {
      context.fail(error);
    }
  };

  const enter = async (room: Room) => {
    current = room;
    ballsInGame = room.balls;
    lobbyHeading.hidden = true;
    title.textContent = `${room.name} · ${t('bingo.balls', { balls: room.balls })} · ${t('bingo.price', { amount: money(room.ticketPrice) })}`;
    count.replaceChildren(
      ...Array.from({ length: Math.min(room.maxTicketsPerPlayer, room.balls === 90 ? 12 : 6) }, (_, i) => {
        const option = make('option', { text: String(i + 1) });
        option.value = String(i + 1);
        return option;
      }),
    );
    count.value = room.balls === 90 ? '6' : '1';
    lobby.hidden = true;
    roomView.hidden = false;
    gameId = (room.playingGame ?? room.nextGame)?.gameId ?? null;
    lastSeq = 0;
    finishedAt = null;
    await refresh().catch((error: unknown) => context.fail(error));
    if (current === room) follow(room);
  };

  const leave = () => {
    window.clearInterval(timer);
    window.clearTimeout(nextGameTimer);
    current = null;
    gameId = null;
    chat?.close();
    chat?.node.remove();
    chat = null;
    live?.close();
    live = null;
    roomView.hidden = true;
    lobby.hidden = false;
    lobbyHeading.hidden = false;
    void loadRooms();
  };

  const buy = async () => {
    if (!current?.nextGame) return;
    buyButton.disabled = true;
    context.fail(null);
    try {
      const answer = await context.call<z.infer<typeof bingoBuyResponseSchema>>('POST', '/bingo/tickets', {
        gameId: current.nextGame.gameId,
        tickets: Number(count.value),
        clientRequestId: crypto.randomUUID(),
      });
      gameId = answer.gameId;
      await refresh();
    } catch (error) {
      context.fail(error);
    } finally {
      buyButton.disabled = false;
    }
  };

  const verify = async (id: string) => {
    try {
      const answer = await context.call<z.infer<typeof bingoVerifyResponseSchema>>('GET', `/bingo/games/${id}/verify`);
      status.textContent = answer.verified ? t('bingo.verified') : t('bingo.notVerified');
    } catch (error) {
      context.fail(error);
    }
  };

  const loadRooms = async () => {
    rooms = (await context.call<Rooms>('GET', '/bingo/rooms')).rooms;
    renderLobby();
  };
  await loadRooms();
}

export const bingoRenderer: GameRenderer<'bingo'> = { kind: 'bingo', start: startBingo };
