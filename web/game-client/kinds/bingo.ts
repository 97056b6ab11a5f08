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
import { button, make, type GameContext, type GameRenderer } from './parts';
import { roomChat, type RoomChat } from './room-chat';

type Rooms = z.infer<typeof bingoRoomsResponseSchema>;
type Room = Rooms['rooms'][number];
type Tickets = z.infer<typeof bingoMyTicketsResponseSchema>;
type State = z.infer<typeof bingoGameStateResponseSchema>;

const POLL_MS = 1_500;
/** While the room has no next game yet after one ended, the rooms are asked again this often. */
const NEXT_GAME_MS = 5_000;
const prizeKey = (prize: BingoPrizeName) => `bingo.prize.${prize}` as StringKey;

export async function startBingo(context: GameContext): Promise<void> {
  const { host, t, money, locale } = context;
  const panel = make('section', { className: 'gc-bg', testId: 'gc-bingo' });
  const lobby = make('div', { className: 'gc-bg__rooms', testId: 'gc-bingo-rooms' });
  const roomView = make('div', { className: 'gc-bg__room', testId: 'gc-bingo-room' });
  roomView.hidden = true;
  panel.append(make('h2', { className: 'gc-bg__heading', text: t('bingo.rooms') }), lobby, roomView);
  host.append(panel);

  const clock = timeOfDay(locale);
  const time = (iso: string) => clock.format(new Date(iso));
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
          make('p', { className: 'gc-bg__prizes', text: room.prizes.map((prize) => t(prizeKey(prize.prize))).join(' · ') }),
        );
        if (room.jackpot) card.append(make('p', { className: 'gc-bg__jackpot', text: `${t('bingo.jackpot', { amount: money(room.jackpot.amount) })} — ${t('bingo.jackpotRule', { calls: room.jackpot.calls, percent: room.jackpot.contributionPercent })}` }));
        card.append(button(t('bingo.enter'), 'gc__small', () => void enter(room)));
        return card;
      }),
    );
  };

  // The room: buying, the calls, the tickets.
  const back = button(t('bingo.back'), 'gc__small', () => leave());
  const title = make('h3', { className: 'gc-bg__title' });
  const status = make('p', { className: 'gc__result', testId: 'gc-bingo-status' });
  status.setAttribute('aria-live', 'polite');
  const count = make('select', { testId: 'gc-bingo-count' });
  const buyButton = button(t('bingo.buy'), 'gc__spin', () => void buy());
  const buyBox = make('label', { className: 'gc__stake' });
  buyBox.append(make('span', { className: 'gc__meter-label', text: t('bingo.tickets') }), count);
  const controls = make('div', { className: 'gc-bg__controls' });
  controls.append(buyBox, buyButton);
  const lastBall = make('div', { className: 'gc-bg__ball', testId: 'gc-bingo-last' });
  const calls = make('p', { className: 'gc-bg__calls', testId: 'gc-bingo-calls' });
  const tickets = make('div', { className: 'gc-bg__tickets', testId: 'gc-bingo-tickets' });
  const fairness = make('p', { className: 'gc-bg__commitment', testId: 'gc-bingo-commitment' });
  roomView.append(back, title, status, controls, lastBall, calls, tickets, fairness);

  const renderTickets = (answer: Tickets) => {
    tickets.replaceChildren(
      ...answer.tickets.map((ticket) => {
        const marked = new Set(ticket.marked);
        const node = make('div', { className: 'gc-bg__ticket', testId: 'gc-bingo-ticket' });
        const grid = make('div', { className: 'gc-bg__grid' });
        grid.style.gridTemplateColumns = `repeat(${ticket.grid[0]?.length ?? 9}, 1fr)`;
        for (const number of ticket.grid.flat()) {
          const cell = make('span', { className: 'gc-bg__cell', text: number > 0 ? String(number) : '' });
          cell.dataset.state = number === 0 ? 'blank' : marked.has(number) ? 'marked' : 'open';
          grid.append(cell);
        }
        const won = ticket.won.map((win) => t('bingo.won', { prize: t(prizeKey(win.prize)), amount: money(win.amount) })).join(' · ');
        node.append(grid, make('p', { className: 'gc-bg__togo', text: won || (answer.gameStatus === 'PLAYING' || answer.gameStatus === 'SELLING' ? t('bingo.toGo', { count: ticket.toGo }) : '') }));
        return node;
      }),
    );
  };

  const renderState = (state: State) => {
    lastBall.textContent = state.calls.at(-1)?.toString() ?? '';
    calls.textContent = state.calls.join(' ');
    fairness.textContent = t('bingo.commitment', { hash: state.serverSeedHash });
    if (state.gameStatus === 'SELLING') status.textContent = t('bingo.onSale', { time: time(state.startsAt) });
    else if (state.gameStatus === 'PLAYING') status.textContent = state.playingFor ? t('bingo.playingFor', { prize: t(prizeKey(state.playingFor)) }) : '';
    else if (state.gameStatus === 'CANCELLED') status.textContent = t('bingo.cancelled');
    else status.textContent = t('bingo.ended');
    controls.hidden = state.gameStatus !== 'SELLING';
    if (state.serverSeed) {
      const check = button(t('bingo.verify'), 'gc__small', () => void verify(state.gameId));
      fairness.append(' ', check);
    }
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
      roomView.append(chat.node);
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
