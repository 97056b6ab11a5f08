import { and, eq } from 'drizzle-orm';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BingoRoomConfig } from '../../contracts/games/bingo';
import { bingoGame } from '../../server/db/schema';
import { createBingoDriver } from '../../server/games/kinds/bingo/driver';
import { bingoRooms } from '../../server/games/kinds/bingo/rooms';
import { staffApi } from '../support/back-office';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { signIn, widths } from './wallet-helpers';

/**
 * Bingo in the game client (issue 16): PLAY BINGO's launch (gameId bingo) opens the rooms; the
 * player enters a room, buys a strip and watches the game to its prizes. The server's own driver is
 * off in tests; the test drives the room with `tick(now)` while the client follows the room's
 * real-time topic (`bingo:<roomId>` through /gs/ws) as it would with the server's timer.
 */

const ROOM: BingoRoomConfig = {
  id: 'browser-hall',
  name: 'Browser Hall',
  balls: 90,
  currency: 'EUR',
  ticketPrice: 5,
  maxTicketsPerPlayer: 12,
  everyMinutes: 1440,
  minPlayers: 1,
  minTickets: 1,
  callIntervalMs: 1_000,
  prizes: [
    { prize: 'ONE_LINE', fixed: 20 },
    { prize: 'TWO_LINES', fixed: 40 },
    { prize: 'FULL_HOUSE', fixed: 100 },
  ],
  jackpot: { calls: 60, contributionBps: 1_000 },
  chatChannelId: 77,
};
/** A room whose games need two players and six tickets: too few, and the game is cancelled (issue 27). */
const FEW: BingoRoomConfig = { ...ROOM, id: 'browser-few', name: 'Few Hall', minPlayers: 2, minTickets: 6, jackpot: undefined, chatChannelId: undefined };
const ROOMS = JSON.stringify([ROOM, FEW]);

const suite: PortalSuite = usePortalSuite({ BINGO_ROOMS: ROOMS, CHAT_BLOCKED_WORDS: 'scam' });
const staff = staffApi(() => suite.server);

async function openBingo(portal: Portal): Promise<FrameLocator> {
  await portal.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
  await portal.visit('/game-page?gameId=bingo&playForReal=true');
  await portal.page.getByTestId('game-frame').waitFor();
  const frame = portal.page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('gc-bingo-rooms').waitFor();
  return frame;
}

describe('bingo (issue 16)', () => {
  it('a player enters a room, buys a strip of six and watches the game to the full house; desktop, English', async () => {
    const driver = createBingoDriver(suite.server.db, bingoRooms({ BINGO_ROOMS: ROOMS }), { driverId: 'browser-node', lobbyGameId: 'bingo' });
    await driver.tick(new Date());
    const portal = await signIn(suite, 'demo.player', widths.desktop);
    const sockets: string[] = [];
    const eventPolls: string[] = [];
    portal.page.on('websocket', (socket) => sockets.push(socket.url()));
    portal.page.on('request', (request) => {
      if (request.url().includes('/events?afterSeq=')) eventPolls.push(request.url());
    });
    const frame = await openBingo(portal);
    // Bingo's draw is one for every player, checked in its own panel: no per-player seed panel.
    expect(await frame.getByTestId('gc-fairness').isHidden()).toBe(true);
    await expect.poll(() => frame.getByTestId('gc-bingo-room-browser-hall').textContent()).toContain('Browser Hall');
    // The game's minimum and how far it is, and the countdown to its start (issue 27).
    await expect
      .poll(() => frame.getByTestId('gc-bingo-minimum-browser-hall').textContent())
      .toMatch(/^Needs 1 player and 1 ticket — \d+ players?, \d+ tickets? so far$/);
    await expect.poll(() => frame.getByTestId('gc-bingo-countdown-browser-hall').textContent()).toMatch(/^Starts in (\d+:)?\d+:\d{2}$/);
    await screenshot(portal.page, 'bingo-rooms-desktop-en');
    await frame.getByTestId('gc-bingo-room-browser-hall').getByRole('button', { name: 'Enter room' }).click();
    await expect.poll(() => frame.getByTestId('gc-bingo-minimum').textContent()).toMatch(/^Needs 1 player and 1 ticket — /);
    await expect.poll(() => frame.getByTestId('gc-bingo-countdown').textContent()).toMatch(/^Starts in /);
    await frame.getByRole('button', { name: 'Buy tickets' }).click();
    await expect.poll(() => frame.getByTestId('gc-bingo-ticket').count()).toBe(6);
    await screenshot(portal.page, 'bingo-tickets-desktop-en');

    const [game] = await suite.server.db
      .select()
      .from(bingoGame)
      .where(and(eq(bingoGame.roomId, ROOM.id), eq(bingoGame.status, 'SELLING')));
    let now = game!.startsAt;
    await driver.tick(now);
    for (let i = 0; i < 91; i++) {
      now = new Date(now.getTime() + 1_000);
      await driver.tick(now);
      const [row] = await suite.server.db.select().from(bingoGame).where(eq(bingoGame.id, game!.id));
      if (row!.status === 'ENDED') break;
    }
    // The client reads the calls and the prizes from the game's events: the one player holds every ticket, so wins every prize.
    await expect.poll(() => frame.getByTestId('gc-bingo-status').textContent(), { timeout: 15_000 }).toBe('Game over.');
    await expect.poll(() => frame.getByTestId('gc-bingo-tickets').textContent()).toContain('Full house: €1.00');
    // The winners' list names winners by chat nickname only; this player has none, so the room says "a player".
    await expect.poll(() => frame.getByTestId('gc-bingo-winners').textContent()).toContain('Full house: a player');
    expect(await frame.getByTestId('gc-bingo-winners').textContent()).not.toContain('demo.player');
    expect(await frame.getByTestId('gc-bingo-last').textContent()).toMatch(/^\d+$/);
    await screenshot(portal.page, 'bingo-full-house-desktop-en');
    // The calls came over the room's WebSocket topic, not by polling the game's events.
    expect(sockets.some((url) => new URL(url).pathname === '/gs/ws')).toBe(true);
    expect(eventPolls).toEqual([]);
    await frame.getByRole('button', { name: 'Verify the ball order' }).click();
    await expect.poll(() => frame.getByTestId('gc-bingo-status').textContent()).toBe('The ball order matches the committed seed.');
  }, 180_000);

  it('the rooms and buying a strip on a phone, in Macedonian', async () => {
    const driver = createBingoDriver(suite.server.db, bingoRooms({ BINGO_ROOMS: ROOMS }), { driverId: 'browser-node-2', lobbyGameId: 'bingo' });
    await driver.tick(new Date());
    const portal = await signIn(suite, 'demo.player', widths.mobile);
    await portal.context.addCookies([{ name: 'LANG', value: 'mk', url: suite.server.url }]);
    const frame = await openBingo(portal);
    await expect.poll(() => frame.getByTestId('gc-bingo-rooms').textContent()).toContain('Влези во собата');
    await expect
      .poll(() => frame.getByTestId('gc-bingo-minimum-browser-few').textContent())
      .toMatch(/^Потребни се 2 играчи и 6 ливчиња — засега \d+ играчи?, \d+ ливч/);
    await screenshot(portal.page, 'bingo-rooms-mobile-mk');
    await frame.getByTestId('gc-bingo-room-browser-hall').getByRole('button', { name: 'Влези во собата' }).click();
    await expect.poll(() => frame.getByTestId('gc-bingo-status').textContent()).toContain('Ливчињата се продаваат до');
    // A 24-hour clock, as Macedonian writes it: no AM/PM nor a day-period word.
    expect(await frame.getByTestId('gc-bingo-status').textContent()).toMatch(/до \d{2}:\d{2}\.?$/);
    // Buying on a phone, in Macedonian: a strip of six, each ticket sorted by numbers to go.
    await frame.getByTestId('gc-bingo-count').selectOption('6');
    await frame.getByRole('button', { name: 'Купи ливчиња' }).click();
    await expect.poll(() => frame.getByTestId('gc-bingo-ticket').count()).toBe(6);
    expect(await frame.getByTestId('gc-bingo-tickets').textContent()).toMatch(/уште 5/); // numbers to go for the next prize: one line of five
    await screenshot(portal.page, 'bingo-room-mobile-mk');
  });

  it("the room's chat: a player's message reaches another player in the room live; a blocked word, a moderator's mute and a staff message, each as a player sees it (desktop en, phone mk)", async () => {
    const driver = createBingoDriver(suite.server.db, bingoRooms({ BINGO_ROOMS: ROOMS }), { driverId: 'browser-node-3', lobbyGameId: 'bingo' });
    await driver.tick(new Date());
    const aoifeUsername = `aoife_${Date.now()}`;
    const aoife = await suite.server.createSignedInPlayer({ username: aoifeUsername, currencies: ['EUR'] });
    const niamh = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
    // The second player chose a chat nickname earlier; the first chooses hers in the room (issue 27).
    const chosen = await fetch(`${suite.server.url}/ps/chat/nickname`, {
      method: 'PUT',
      headers: { cookie: niamh.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: `Niamh_${Date.now() % 100_000}` }),
    });
    expect(chosen.status, await chosen.text()).toBe(200);
    const enter = async (cookie: string, viewport: { width: number; height: number }, enterLabel: string) => {
      const portal = await suite.open({ viewport, sessionCookie: cookie });
      const frame = await openBingo(portal);
      await frame.getByTestId('gc-bingo-room-browser-hall').getByRole('button', { name: enterLabel }).click();
      const chat = frame.getByTestId('gc-room-chat');
      await chat.waitFor();
      return { portal, frame, chat };
    };
    const first = await enter(aoife.cookie, widths.desktop, 'Enter room');
    const second = await enter(niamh.cookie, widths.mobile, 'Enter room');
    await second.portal.context.addCookies([{ name: 'LANG', value: 'mk', url: suite.server.url }]);
    await second.portal.page.reload();
    const secondFrame = second.portal.page.frameLocator('[data-testid="game-frame"]');
    await secondFrame.getByTestId('gc-bingo-room-browser-hall').getByRole('button', { name: 'Влези во собата' }).click();
    const secondChat = secondFrame.getByTestId('gc-room-chat');
    await expect.poll(() => secondChat.getByRole('heading').textContent()).toBe('Разговор во собата');

    const say = async (chat: typeof first.chat, text: string, send = 'Send') => {
      await chat.getByTestId('gc-chat-input').fill(text);
      await chat.getByRole('button', { name: send }).click();
    };
    // Without a nickname the room asks for one instead of the message box; the sign-in name is refused.
    const nickname = first.chat.getByTestId('gc-chat-nickname');
    await nickname.waitFor();
    expect(await first.chat.getByTestId('gc-chat-input').isHidden()).toBe(true);
    await nickname.getByTestId('gc-chat-nickname-input').fill(aoifeUsername);
    await nickname.getByRole('button', { name: 'Save nickname' }).click();
    await expect.poll(() => first.chat.getByTestId('gc-chat-notice').textContent()).toContain('This nickname cannot be used');
    const aoifeNick = `Aoife_${Date.now() % 100_000}`;
    await nickname.getByTestId('gc-chat-nickname-input').fill(aoifeNick);
    await nickname.getByRole('button', { name: 'Save nickname' }).click();
    await expect.poll(() => first.chat.getByTestId('gc-chat-as').textContent()).toBe(`You chat as ${aoifeNick}.`);
    await say(first.chat, 'Good luck, everyone');
    await expect.poll(() => first.chat.getByTestId('gc-chat-messages').textContent()).toContain('Good luck, everyone');
    // The other player's room shows it without asking: it came over the socket.
    await expect.poll(() => secondChat.getByTestId('gc-chat-messages').textContent(), { timeout: 15_000 }).toContain('Good luck, everyone');
    // Signed with her nickname, never with the name she signs in with.
    expect(await secondChat.getByTestId('gc-chat-messages').textContent()).toContain(aoifeNick);
    expect(await secondChat.getByTestId('gc-chat-messages').textContent()).not.toContain(aoifeUsername);

    // The word filter refuses (nothing is stored), and says so in the player's language.
    await say(secondChat, 'this is a scam', 'Испрати');
    await expect
      .poll(() => secondChat.getByTestId('gc-chat-notice').textContent())
      .toBe('Пораката не може да се испрати: разговорот не дозволува еден од нејзините зборови.');
    expect(await first.chat.getByTestId('gc-chat-messages').textContent()).not.toContain('scam');

    // A moderator mutes the second player in this room's chat; a staff message reaches both.
    const moderator = await staff.signIn('bo.moderator');
    const muted = await staff.call('POST', '/bo/channels/77/mutes', moderator, { partyId: niamh.partyId, minutes: 10 });
    expect(muted.status, await muted.text()).toBe(200);
    const posted = await staff.call('POST', '/bo/channels/77/messages', moderator, { text: 'Next game starts soon' });
    expect(posted.status, await posted.text()).toBe(200);
    await expect.poll(() => first.chat.locator('[data-author="STAFF"]').textContent(), { timeout: 15_000 }).toContain('Next game starts soon');
    await expect.poll(() => secondChat.locator('[data-author="STAFF"]').textContent(), { timeout: 15_000 }).toContain('Next game starts soon');
    // Signed by the team, in the player's language, on a 24-hour clock; never with the member's sign-in name.
    expect(await secondChat.locator('[data-author="STAFF"]').textContent()).toMatch(/^\d{2}:\d{2} Тимот на Emerald Next game starts soon$/);
    expect(await first.chat.locator('[data-author="STAFF"]').textContent()).not.toContain('bo.moderator');
    await say(secondChat, 'hello?', 'Испрати');
    await expect.poll(() => secondChat.getByTestId('gc-chat-notice').textContent()).toBe('Модератор ве замолчи во овој разговор засега.');
    await screenshot(first.portal.page, 'bingo-chat-desktop-en');
    await screenshot(second.portal.page, 'bingo-chat-mobile-mk');
  }, 120_000);

  it('a game short of its minimum: the room shows how far it is and the countdown, then why it was cancelled; the refund is in game history (desktop, English)', async () => {
    const rooms = bingoRooms({ BINGO_ROOMS: ROOMS }).filter((room) => room.id === FEW.id);
    const driver = createBingoDriver(suite.server.db, rooms, { driverId: 'browser-node-few', lobbyGameId: 'bingo' });
    await driver.tick(new Date());
    const [game] = await suite.server.db
      .select()
      .from(bingoGame)
      .where(and(eq(bingoGame.roomId, FEW.id), eq(bingoGame.status, 'SELLING')));
    const player = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
    await suite.server.fundPlayer(player.partyId, 10_000n, 'EUR');
    const portal = await suite.open({ viewport: widths.desktop, sessionCookie: player.cookie });
    const frame = await openBingo(portal);
    await frame.getByTestId('gc-bingo-room-browser-few').getByRole('button', { name: 'Enter room' }).click();
    await frame.getByTestId('gc-bingo-count').selectOption('3');
    await frame.getByRole('button', { name: 'Buy tickets' }).click();
    await expect.poll(() => frame.getByTestId('gc-bingo-ticket').count()).toBe(3);
    await expect.poll(() => frame.getByTestId('gc-bingo-minimum').textContent()).toBe('Needs 2 players and 6 tickets — 1 player, 3 tickets so far');
    await expect.poll(() => frame.getByTestId('gc-bingo-countdown').textContent()).toMatch(/^Starts in (\d+:)?\d+:\d{2}$/);
    await screenshot(portal.page, 'bingo-minimum-desktop-en');

    // Sales close with one player and three tickets: the room says why, and where the money went.
    await driver.tick(new Date(game!.startsAt.getTime() + 1_000));
    await expect
      .poll(() => frame.getByTestId('gc-bingo-status').textContent(), { timeout: 15_000 })
      .toBe('Cancelled: the game needed 2 players and had 1 player. Every ticket was refunded; the refund is in your game history.');
    await screenshot(portal.page, 'bingo-cancelled-desktop-en');
    const history = (await (
      await fetch(`${suite.server.url}/ps/getTransactionHistory?date=${new Date().toISOString().slice(0, 10)}&type=game`, {
        headers: { cookie: player.cookie },
      })
    ).json()) as { transactions: { tranType: string; amount: number; reason?: string }[] };
    expect(history.transactions[0]).toMatchObject({ tranType: 'GAME_REFUND', amount: 0.15, reason: 'TOO_FEW_PLAYERS' });
  }, 120_000);
});
