import { describe, expect, it } from 'vitest';
import { coinAmount, coinRate, thousandthsText } from './crypto-rates';
import { cardBrand, cardScenario, checkCardForm, emailFundingSource, emailScenario, fundingSources, isFundingSource, luhnValid } from './test-inputs';
import { sandboxEventSchema } from './webhook-protocol';

describe('sandbox PSP test inputs', () => {
  it('checks card numbers with Luhn and names the brand', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('4000000000003220')).toBe('Visa');
    expect(cardScenario('4000000000000077')).toBe('delayed');
    expect(cardScenario('4012888888881881')).toBe('success');
  });

  it('checks the hosted card form without keeping the security code', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const ok = checkCardForm({ cardNumber: '4242 4242 4242 4242', nameOnCard: ' Aoife  Byrne ', expiry: '06/26', cvc: '123' }, now);
    expect(ok.card).toEqual({ digits: '4242424242424242', nameOnCard: 'Aoife Byrne', expiryMonth: 6, expiryYear: 2026 });
    expect(JSON.stringify(ok)).not.toContain('123"');
    const bad = checkCardForm({ cardNumber: '1234', nameOnCard: '', expiry: '05/26', cvc: '12345' }, now);
    expect(bad.errors.map((error) => error.field)).toEqual(['cardNumber', 'nameOnCard', 'expiry', 'cvc']);
    expect(checkCardForm({ cardNumber: '4242424242424242', nameOnCard: 'A B', expiry: '13/27', cvc: '123' }, now).errors[0]?.field).toBe('expiry');
  });

  it('reads e-mail scenarios', () => {
    expect(emailScenario('please.DECLINE@x.test')).toBe('declined');
    expect(emailScenario('insufficient@x.test')).toBe('insufficient');
    expect(emailScenario('delay@x.test')).toBe('delayed');
    expect(emailScenario('payout.fail@x.test')).toBe('payout-fails');
    expect(emailScenario('aoife@x.test')).toBe('success');
  });

  it('reads the e-wallet funding source: the e-mail names one, else the balance', () => {
    expect(emailFundingSource('aoife@x.test')).toBe('BALANCE');
    expect(emailFundingSource('aoife+CreditCard@x.test')).toBe('CREDIT_CARD');
    expect(emailFundingSource('aoife+debitcard@x.test')).toBe('DEBIT_CARD');
    expect(emailFundingSource('aoife+bankaccount@x.test')).toBe('BANK_ACCOUNT');
    expect(emailFundingSource('aoife+paylater@x.test')).toBe('PAY_LATER');
    expect(emailFundingSource('aoife+bnpl@x.test')).toBe('PAY_LATER');
    // The outcome scenarios are read apart: a declining address still names its funding.
    expect(emailScenario('decline+creditcard@x.test')).toBe('declined');
    expect(fundingSources).toEqual(['BALANCE', 'BANK_ACCOUNT', 'DEBIT_CARD', 'CREDIT_CARD', 'PAY_LATER']);
    expect(isFundingSource('CREDIT_CARD')).toBe(true);
    expect(isFundingSource('credit_card')).toBe(false);
    expect(isFundingSource('LOAN')).toBe(false);
  });

  it('the webhook carries the funding source; events from before it have none', () => {
    const event = (data: Record<string, unknown>) => ({
      id: 'evt_1',
      type: 'payment.succeeded',
      created: '2026-01-01T00:00:00Z',
      data: {
        reference: 'r',
        method: 'NETELLER',
        merchantReference: 'm',
        customerReference: 'c',
        amount: '100',
        currency: 'EUR',
        reason: null,
        card: null,
        ...data,
      },
    });
    expect(sandboxEventSchema.parse(event({ fundingSource: 'PAY_LATER' })).data.fundingSource).toBe('PAY_LATER');
    expect(sandboxEventSchema.parse(event({})).data.fundingSource).toBeNull();
    expect(sandboxEventSchema.safeParse(event({ fundingSource: 'LOAN' })).success).toBe(false);
  });

  it('prices coins in exact thousandths, rounded up (DEP-45)', () => {
    expect(coinAmount(5_000n, 92n)).toBe(54_348n);
    expect(coinAmount(9_200n, 92n)).toBe(100_000n);
    expect(coinAmount(2_000n, 5_800_000n)).toBe(1n);
    expect(thousandthsText(54_348n)).toBe('54.348');
    expect(thousandthsText(1n)).toBe('0.001');
    for (const at of [0, 1_000_000, 5_400_000_000]) {
      const rate = coinRate('BTC', 'EUR', new Date(at))!;
      expect(rate).toBeGreaterThanOrEqual(5_742_000n);
      expect(rate).toBeLessThanOrEqual(5_858_000n);
      // Never short: the coins at this rate cover the fiat amount.
      expect(coinAmount(12_345n, rate) * rate).toBeGreaterThanOrEqual(12_345n * 1000n);
    }
    expect(coinRate('USDT', 'GBP', new Date())).toBe(79n);
    expect(coinRate('BTC', 'USD', new Date())).toBeUndefined();
  });
});
