import { and, eq } from 'drizzle-orm';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { BingoRoomConfig } from '../../contracts/games/bingo';
import { bingoGame } from '../../server/db/schema';
import { createBingoDriver } from '../../server/games/kinds/bingo/driver';
import { bingoRooms } from '../../server/games/kinds/bingo/rooms';
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
};
const ROOMS = JSON.stringify([ROOM]);

const suite: PortalSuite = usePortalSuite({ BINGO_ROOMS: ROOMS });

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
    await screenshot(portal.page, 'bingo-rooms-desktop-en');
    await frame.getByTestId('gc-bingo-room-browser-hall').getByRole('button', { name: 'Enter room' }).click();
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
    expect(await frame.getByTestId('gc-bingo-last').textContent()).toMatch(/^\d+$/);
    await screenshot(portal.page, 'bingo-full-house-desktop-en');
    // The calls came over the room's WebSocket topic, not by polling the game's events.
    expect(sockets.some((url) => new URL(url).pathname === '/gs/ws')).toBe(true);
    expect(eventPolls).toEqual([]);
    await frame.getByRole('button', { name: 'Verify the ball order' }).click();
    await expect.poll(() => frame.getByTestId('gc-bingo-status').textContent()).toBe('The ball order matches the committed seed.');
  }, 180_000);

  it('the rooms on a phone, in Macedonian', async () => {
    const driver = createBingoDriver(suite.server.db, bingoRooms({ BINGO_ROOMS: ROOMS }), { driverId: 'browser-node-2', lobbyGameId: 'bingo' });
    await driver.tick(new Date());
    const portal = await signIn(suite, 'demo.player', widths.mobile);
    await portal.context.addCookies([{ name: 'LANG', value: 'mk', url: suite.server.url }]);
    const frame = await openBingo(portal);
    await expect.poll(() => frame.getByTestId('gc-bingo-rooms').textContent()).toContain('Влези во собата');
    await screenshot(portal.page, 'bingo-rooms-mobile-mk');
    await frame.getByRole('button', { name: 'Влези во собата' }).click();
    await expect.poll(() => frame.getByTestId('gc-bingo-status').textContent()).toContain('Ливчињата се продаваат до');
    // A 24-hour clock, as Macedonian writes it: no AM/PM nor a day-period word.
    expect(await frame.getByTestId('gc-bingo-status').textContent()).toMatch(/до \d{2}:\d{2}\.?$/);
    await screenshot(portal.page, 'bingo-room-mobile-mk');
  });
});
