import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser';
import { usePortalSuite } from './portal';

const desktop = { width: 1280, height: 900 };

const landings = [
  { path: '/casino', page: 'casino', first: 'European Roulette' },
  { path: '/live-casino', page: 'live-casino', first: 'Live Roulette' },
  { path: '/bingo', page: 'bingo', first: 'Free Bingo Tickets' },
];

describe('casino, live-casino and bingo landings (HOME-21…24)', () => {
  const suite = usePortalSuite();

  it.each(landings)('HOME-24 a visitor on $path sees the $page cards by priority', async ({ path, page: displayPage, first }) => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit(path);
    await page.getByTestId('landing-page').waitFor();
    const cards = page.getByTestId('action-card');
    await cards.first().waitFor();
    expect(await page.getByTestId('action-cards').getAttribute('data-display-page')).toBe(displayPage);
    expect(await cards.first().textContent()).toContain(first);
  });

  it('HOME-24 on a phone the landing cards stack', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/bingo');
    await page.getByTestId('action-card').first().waitFor();
    const lefts = await page.getByTestId('action-card').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
  });

  it('HOME-21 a signed-in player on /casino goes to /play', async () => {
    const player = await suite.server.createSignedInPlayer();
    const portal = await suite.open({ viewport: desktop, sessionCookie: player.cookie });
    await portal.visit('/casino');
    await portal.page.waitForURL((url) => url.pathname === '/play');
  });

  it('HOME-22 NS-14 a signed-in player on /bingo goes to /game with the configured bingo lobby', async () => {
    const player = await suite.server.createSignedInPlayer();
    const portal = await suite.open({ viewport: desktop, sessionCookie: player.cookie });
    await portal.visit('/bingo');
    await portal.page.waitForURL((url) => url.pathname === '/game');
    const query = new URL(portal.page.url()).searchParams;
    expect([query.get('gameId'), query.get('platform'), query.get('gameName')]).toEqual(['bingo', 'EMERALD_BINGO', 'Bingo']);
  });

  it('HOME-23 NS-14 a signed-in player on /live-casino goes to /game with the configured live lobby', async () => {
    const player = await suite.server.createSignedInPlayer();
    const portal = await suite.open({ viewport: viewports.mobile, sessionCookie: player.cookie });
    await portal.visit('/live-casino');
    await portal.page.waitForURL((url) => url.pathname === '/game');
    const query = new URL(portal.page.url()).searchParams;
    expect([query.get('gameId'), query.get('platform'), query.get('gameName')]).toEqual(['101', 'EMERALD_LIVE', 'Live - Lobby']);
  });
});
