import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser';
import { usePortalSuite } from './portal';

const desktop = { width: 1280, height: 900 };

describe('content pages: promotions, blog, legal, glossary, about and contact (CONTENT-01…22, NAV-16…20, NAV-28…31)', () => {
  const suite = usePortalSuite();

  it('CONTENT-01…03 promotions lists the featured bonuses by priority, alternating sides, with a terms preview and READ MORE', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/promotions');
    const promotions = page.getByTestId('promotion');
    await promotions.first().waitFor();
    expect(await promotions.locator('h2').allTextContents()).toEqual([
      'Welcome Bonus: 100% up to €100',
      'Free Spins Friday',
      'Bingo Bonanza Sunday',
      'Live Casino Cashback',
    ]);
    expect(await promotions.evaluateAll((items) => items.map((item) => item.getAttribute('data-image-right')))).toEqual(['false', 'true', 'false', 'true']);
    const [first, second] = await promotions.evaluateAll((items) =>
      items
        .slice(0, 2)
        .map((item) => (item.querySelector('img')?.getBoundingClientRect().left ?? 0) < (item.querySelector('h2')?.getBoundingClientRect().left ?? 0)),
    );
    expect([first, second]).toEqual([true, false]);
    expect(await promotions.first().getByTestId('promotion-terms-preview').textContent()).toContain('18+');
    expect(await promotions.first().getByRole('button', { name: 'READ MORE' }).isVisible()).toBe(true);
  });

  it('CONTENT-04 READ MORE opens the promotion modal with title, image, description and terms', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/promotions');
    await page.getByTestId('promotion').nth(1).getByRole('button', { name: 'READ MORE' }).click();
    const modal = page.getByTestId('promotion-modal');
    await modal.waitFor();
    expect(await modal.getByRole('heading', { name: 'Free Spins Friday' }).isVisible()).toBe(true);
    expect(await modal.locator('img').getAttribute('src')).toContain('promo-free-spins');
    expect(await modal.textContent()).toContain('20 free spins');
    expect(await modal.getByTestId('promotion-modal-terms').textContent()).toContain('One award per player per Friday');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('CONTENT-07…09 the blog says Latest News, filters by category and lays cards in 3, 2 or 1 columns', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/blog');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Latest News');
    const cards = page.getByTestId('blog-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(6);
    const columns = () =>
      page.getByTestId('blog-grid').evaluate((grid) => grid.ownerDocument.defaultView!.getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(await columns()).toBe(3);
    await page.getByTestId('blog-filter').getByRole('button', { name: 'Guides' }).click();
    expect(await cards.locator('h2').allTextContents()).toEqual(['A Beginner’s Guide to European Roulette', 'What Does RTP Really Mean?']);
    await page.getByTestId('blog-filter').getByRole('button', { name: 'All' }).click();
    expect(await cards.count()).toBe(6);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await columns()).toBe(2);
    await page.setViewportSize(viewports.mobile);
    expect(await columns()).toBe(1);
  });

  it('CONTENT-11 a blog card’s read more opens the blog modal', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/blog');
    const card = page.getByTestId('blog-card').filter({ hasText: 'Meet Harbour Lights Studio' });
    await card.getByRole('button', { name: 'Read more' }).click();
    const modal = page.getByTestId('blog-modal');
    await modal.waitFor();
    expect(await modal.getByRole('heading').first().textContent()).toBe('Meet Harbour Lights Studio');
    expect(await modal.textContent()).toContain('converted sail loft');
    expect(await modal.locator('img').count()).toBe(1);
  });

  const legal = [
    { id: 'NAV-17', path: '/terms-conditions', title: 'Terms & conditions', columns: 2, posts: 4 },
    { id: 'NAV-19', path: '/privacy-policy', title: 'Privacy policy', columns: 1, posts: 2 },
    { id: 'NAV-20', path: '/funds-protection', title: 'Funds protection', columns: 1, posts: 1 },
    { id: 'NAV-16', path: '/responsible-gaming', title: 'Responsible gaming', columns: 3, posts: 5 },
  ];

  it.each(legal)('$id CONTENT-12 CONTENT-13 $path lays its posts in $columns desktop column(s) and one on a phone', async ({ path, title, columns, posts }) => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit(path);
    await page.getByTestId('legal-post').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByTestId('legal-columns').getAttribute('data-columns')).toBe(String(columns));
    expect(await page.getByTestId('legal-column').count()).toBe(columns);
    expect(await page.getByTestId('legal-post').count()).toBe(posts);
    await page.setViewportSize(viewports.mobile);
    await page.locator('[data-testid="legal-columns"][data-columns="1"]').waitFor();
    expect(await page.getByTestId('legal-post').count()).toBe(posts);
  });

  it('CONTENT-15 responsible gaming shows only the information posts (isInformation=1)', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/responsible-gaming');
    await page.getByTestId('legal-post').first().waitFor();
    expect(await page.getByTestId('legal-page').textContent()).not.toContain('Our responsible gaming policy');
  });

  it('CONTENT-23 funds protection states MEDIUM PROTECTION', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    await portal.visit('/funds-protection');
    await portal.page.getByTestId('legal-post').first().waitFor();
    expect(await portal.page.getByTestId('legal-post').first().textContent()).toContain('MEDIUM PROTECTION');
  });

  it('NAV-18 CONTENT-17 the glossary lists its terms in priority order', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/casino-glossary');
    const entries = page.getByTestId('glossary-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(13);
    expect(await entries.locator('dt').first().textContent()).toBe('Bankroll');
    expect(await entries.first().locator('dd').textContent()).toContain('money you have set aside');
  });

  it('NAV-28 CONTENT-18 about us shows its sections in order', async () => {
    const portal = await suite.open({ viewport: viewports.mobile });
    const { page } = portal;
    await portal.visit('/about-us');
    const sections = page.getByTestId('about-section');
    await sections.first().waitFor();
    expect(await sections.locator('h2').allTextContents()).toEqual(['Who we are', 'Our games', 'Playing safely']);
  });

  it('NAV-29 CONTENT-20…22 contact us shows the free call, call and SMS numbers, a live-chat opener and the support e-mail', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/contact-us');
    await page.getByTestId('contact-free_call').waitFor();
    expect(await page.getByTestId('contact-free_call').getByRole('link').getAttribute('href')).toBe('tel:+3531800555019');
    expect(await page.getByTestId('contact-call').getByRole('link').getAttribute('href')).toBe('tel:+442890990144');
    expect(await page.getByTestId('contact-sms').getByRole('link').getAttribute('href')).toBe('sms:+353875550144');
    const email = await page.getByTestId('contact-email-button').getAttribute('href');
    expect(email).toMatch(/^mailto:.+@.+/);
    await page.getByTestId('live-chat-open').click();
    const modal = page.getByTestId('live-chat-modal');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Live chat is for logged-in players');
  });

  it('I18N-03 a content page in Macedonian shows the interface in Macedonian', async () => {
    const portal = await suite.open({ viewport: desktop });
    const { page } = portal;
    await portal.visit('/blog?locale=mk');
    await page.getByTestId('blog-card').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Најнови вести');
    expect(await page.getByTestId('blog-card').first().getByRole('button').textContent()).toBe('Прочитај повеќе');
  });
});
