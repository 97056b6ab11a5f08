import { describe, expect, it } from 'vitest';
import type { ProcessDepositResponse } from '../../../../../../contracts/platform/cashier/deposit';
import type { DepositMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { depositReducer, initialDepositState, voucherCodeToSend, type DepositState } from './deposit-wizard-state';

const card: DepositMethod = { code: 'WPCGHOSTED_CARD', minimumDeposit: 10, maximumDeposit: 5000 };
const bank: DepositMethod = { code: 'OMEGA_BANK', minimumDeposit: 20, maximumDeposit: 20000 };

const answer = (overrides: Partial<ProcessDepositResponse>): ProcessDepositResponse => ({
  status: 'SUCCESS',
  paymentId: 'p-1',
  amount: 25,
  currency: 'EUR',
  continueUrl: null,
  data: null,
  bonusPlanName: null,
  message: null,
  ...overrides,
});

function atPayment(): DepositState {
  let state = initialDepositState([card, bank]);
  state = depositReducer(state, { type: 'chooseMethod', method: card });
  state = depositReducer(state, { type: 'confirmAmount', amount: 25 });
  return depositReducer(state, { type: 'confirmBonus' });
}

describe('the deposit wizard', () => {
  it('DEP-01 goes method → amount → bonus → payment → completion', () => {
    let state = atPayment();
    expect(state.step).toBe('payment');
    state = depositReducer(state, { type: 'answered', response: answer({ bonusPlanName: 'Welcome 100%' }) });
    expect(state.step).toBe('complete');
    expect(state.result).toEqual({ paymentId: 'p-1', amount: 25, currency: 'EUR', bonusPlanName: 'Welcome 100%' });
  });

  it('issue 29 item 7: where bonus offers are closed (IE) the amount goes straight to payment, and back returns to the amount', () => {
    let state = initialDepositState([card, bank], false);
    state = depositReducer(state, { type: 'chooseMethod', method: card });
    state = depositReducer(state, { type: 'confirmAmount', amount: 25 });
    expect(state.step).toBe('payment');
    expect(state.bonus).toEqual({ planId: null, voucher: null });
    expect(depositReducer(state, { type: 'back' }).step).toBe('amount');
  });

  it('DEP-08 with one method preselects it and starts at the amount', () => {
    const state = initialDepositState([card]);
    expect(state.step).toBe('amount');
    expect(state.method).toBe(card);
    expect(depositReducer(state, { type: 'back' }).step).toBe('amount');
  });

  it('DEP-38 back at step 3 returns to step 2 and clears the deposit status', () => {
    let state = depositReducer(atPayment(), { type: 'answered', response: answer({ status: 'CONTINUE_TO_PAYMENT_SITE', continueUrl: '/sandbox/x' }) });
    expect(state.progress).toEqual({ kind: 'frame', paymentId: 'p-1', continueUrl: '/sandbox/x' });
    state = depositReducer(state, { type: 'back' });
    expect(state.step).toBe('bonus');
    expect(state.progress).toBeNull();
  });

  it('DEP-31 DEP-44 a provider page, a crypto address or a pending payment stay at step 3', () => {
    const data = { address: 'addr', amount: 0.001, currency: 'BTC', rate: 25000, paymentUri: 'bitcoin:addr?amount=0.001' };
    expect(depositReducer(atPayment(), { type: 'answered', response: answer({ status: 'AWAITING_PAYMENT', data }) }).progress).toEqual({
      kind: 'awaiting',
      paymentId: 'p-1',
      data,
    });
    expect(depositReducer(atPayment(), { type: 'answered', response: answer({ status: 'PENDING' }) }).progress).toEqual({
      kind: 'confirming',
      paymentId: 'p-1',
    });
  });

  it('uses a fresh request id per submit and keeps it when a submit got no answer', () => {
    const state = atPayment();
    const unanswered = depositReducer(state, { type: 'refused', failure: { kind: 'noAnswer' } });
    expect(unanswered.requestId).toBe(state.requestId);
    const refused = depositReducer(state, { type: 'refused', failure: { kind: 'lowLimit' } });
    expect(refused.requestId).not.toBe(state.requestId);
    expect(depositReducer(state, { type: 'answered', response: answer({}) }).requestId).not.toBe(state.requestId);
  });

  it('DEP-35 starts again after a refusal; a limit refusal can go back to the amount', () => {
    const refused = depositReducer(atPayment(), { type: 'refused', failure: { kind: 'listed', reasons: ['Declined'] } });
    expect(refused.step).toBe('failed');
    const restarted = depositReducer(refused, { type: 'restart' });
    expect(restarted.step).toBe('method');
    expect(restarted.method).toBeNull();
    expect(depositReducer(refused, { type: 'changeAmount' }).step).toBe('amount');
  });

  it('DEP-23 sends the code only when the chosen plan is the one the code gave', () => {
    expect(voucherCodeToSend({ planId: 7, voucher: { code: 'SPIN', planId: 7 } })).toBe('SPIN');
    expect(voucherCodeToSend({ planId: 3, voucher: { code: 'SPIN', planId: 7 } })).toBeNull();
    expect(voucherCodeToSend({ planId: null, voucher: null })).toBeNull();
  });
});

describe('a submit that got no answer', () => {
  it('goes back to step 3 with the same request id', () => {
    const state = atPayment();
    const unanswered = depositReducer(state, { type: 'refused', failure: { kind: 'noAnswer' } });
    const retried = depositReducer(unanswered, { type: 'retryPayment' });
    expect(retried.step).toBe('payment');
    expect(retried.requestId).toBe(state.requestId);
  });
});
