import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openView, staffSignIn } from './back-office-helpers';
import { usePortalSuite } from './portal';

/**
 * The back office's bonus plan editor (issue 29 item 4, SR 5.1.1(3b) one product per incentive): an
 * operator sees every plan's product, a new plan is refused until its product is chosen, the
 * contributions offered are the chosen product's kinds only; in Macedonian on a phone too.
 */
describe('back office bonus plans (SR 5.1.1(3b))', () => {
  const suite = usePortalSuite();

  it('an operator creates a bingo plan: no product, refused naming it; the product chosen, bingo is the only kind offered', async () => {
    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.operator', 'Otto Operator');
    await openView(page, 'Bonus plans');
    const editor = page.getByTestId('bo-bonus-plans');
    expect(await editor.getByTestId('bo-bonus-plan-1001').getByTestId('bo-bonus-plan-product-cell').textContent()).toBe('Casino');
    await editor.getByTestId('bo-bonus-plan-new').click();
    const form = page.getByTestId('bo-bonus-plan-form');
    await form.getByLabel('Name').fill('Browser bingo plan');
    await form.getByLabel('Amount or cap (minor units)').fill('500');
    await form.getByLabel('Code').fill(`BRB${Date.now().toString(36).toUpperCase()}`);
    await form.getByRole('button', { name: 'Save plan' }).click();
    await form.getByTestId('field-error').first().waitFor();
    expect(await form.getByTestId('field-error').first().textContent()).toContain('product');
    await form.getByTestId('bo-bonus-plan-product').selectOption('BINGO');
    const kinds = form.getByTestId('bo-bonus-plan-contributions').locator('input');
    expect(await kinds.count()).toBe(1);
    await kinds.first().fill('100');
    await screenshot(page, 'back-office-bonus-plan-form-desktop-en');
    await form.getByRole('button', { name: 'Save plan' }).click();
    await editor.getByRole('row').filter({ hasText: 'Browser bingo plan' }).filter({ hasText: 'Bingo' }).waitFor();
    await screenshot(page, 'back-office-bonus-plans-desktop-en');
  });

  it('in Macedonian on a phone the plans show their product', async () => {
    const portal = await suite.open({ viewport: { width: 390, height: 844 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.operator', 'Otto Operator');
    await portal.visit('/entity?locale=mk&view=bonusPlans');
    const editor = page.getByTestId('bo-bonus-plans');
    await editor.getByTestId('bo-bonus-plan-1001').waitFor();
    expect(await editor.getByTestId('bo-bonus-plan-1001').getByTestId('bo-bonus-plan-product-cell').textContent()).toBe('Казино');
    await screenshot(page, 'back-office-bonus-plans-mobile-mk');
  });
});
