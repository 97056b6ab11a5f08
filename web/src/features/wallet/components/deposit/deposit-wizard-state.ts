import type { CryptoDepositData, ProcessDepositResponse } from '../../../../../../contracts/platform/cashier/deposit';
import type { DepositMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import type { DepositFailure } from './deposit-failure';

/** Steps of spec 001 §4 (DEP-01): 0 method, 1 amount, 2 bonus, 3 provider or card, then completion. */
export type DepositStep = 'method' | 'amount' | 'bonus' | 'payment' | 'complete' | 'failed';

/** The bonus choice (DEP-16…23): a plan, and the code that gave a plan, if one did. */
export interface BonusChoice {
  planId: number | null;
  voucher: { code: string; planId: number } | null;
}

/** Where a started payment is at step 3 (DEP-31, DEP-44): in the provider's frame, awaiting coins, or being confirmed. */
export type PaymentProgress =
  | { kind: 'frame'; paymentId: string; continueUrl: string }
  | { kind: 'awaiting'; paymentId: string; data: CryptoDepositData }
  | { kind: 'confirming'; paymentId: string };

export interface DepositResult {
  paymentId: string;
  amount: number;
  currency: string;
  bonusPlanName: string | null;
}

export interface DepositState {
  step: DepositStep;
  /** Only one method: it is preselected and step 0 is skipped (DEP-08). */
  singleMethod: boolean;
  /**
   * Whether bonus offers are open to the player: where the player's jurisdiction closes them
   * (Ireland, issue 29 item 7) the bonus step is left out, amount goes straight to payment.
   */
  bonusOffered: boolean;
  method: DepositMethod | null;
  amountText: string;
  amount: number | null;
  bonus: BonusChoice;
  /** One per submit; kept when a submit got no answer so that pressing again retries it. */
  requestId: string;
  progress: PaymentProgress | null;
  result: DepositResult | null;
  failure: DepositFailure | null;
}

export type DepositAction =
  | { type: 'chooseMethod'; method: DepositMethod }
  | { type: 'typeAmount'; text: string }
  | { type: 'confirmAmount'; amount: number }
  | { type: 'chooseBonus'; bonus: BonusChoice }
  | { type: 'confirmBonus' }
  | { type: 'back' }
  | { type: 'answered'; response: ProcessDepositResponse }
  | { type: 'providerFinished'; paymentId: string }
  | { type: 'settled'; result: DepositResult }
  | { type: 'refused'; failure: DepositFailure }
  | { type: 'changeAmount' }
  | { type: 'retryPayment' }
  | { type: 'restart' };

const noBonus: BonusChoice = { planId: null, voucher: null };
const newRequestId = () => crypto.randomUUID();

export function initialDepositState(methods: readonly DepositMethod[], bonusOffered = true): DepositState {
  const only = methods.length === 1 ? (methods[0] ?? null) : null;
  return {
    step: only ? 'amount' : 'method',
    singleMethod: only !== null,
    bonusOffered,
    method: only,
    amountText: '',
    amount: null,
    bonus: noBonus,
    requestId: newRequestId(),
    progress: null,
    result: null,
    failure: null,
  };
}

/** DEP-23: the code travels only when the chosen plan is the one the code gave. */
export function voucherCodeToSend(bonus: BonusChoice): string | null {
  return bonus.voucher && bonus.planId === bonus.voucher.planId ? bonus.voucher.code : null;
}

/** What a processDeposit answer moves the wizard to (DEP-27, DEP-31, DEP-44). */
function afterAnswer(state: DepositState, response: ProcessDepositResponse): DepositState {
  const next = { ...state, requestId: newRequestId() };
  switch (response.status) {
    case 'SUCCESS':
      return {
        ...next,
        step: 'complete',
        progress: null,
        result: { paymentId: response.paymentId, amount: response.amount, currency: response.currency, bonusPlanName: response.bonusPlanName },
      };
    case 'CONTINUE_TO_PAYMENT_SITE':
      return response.continueUrl
        ? { ...next, progress: { kind: 'frame', paymentId: response.paymentId, continueUrl: response.continueUrl } }
        : { ...next, progress: { kind: 'confirming', paymentId: response.paymentId } };
    case 'AWAITING_PAYMENT':
      return response.data
        ? { ...next, progress: { kind: 'awaiting', paymentId: response.paymentId, data: response.data } }
        : { ...next, progress: { kind: 'confirming', paymentId: response.paymentId } };
    case 'PENDING':
      return { ...next, progress: { kind: 'confirming', paymentId: response.paymentId } };
  }
}

export function depositReducer(state: DepositState, action: DepositAction): DepositState {
  switch (action.type) {
    case 'chooseMethod':
      return { ...state, method: action.method, step: 'amount', bonus: noBonus, failure: null };
    case 'typeAmount':
      return { ...state, amountText: action.text };
    case 'confirmAmount':
      // A different amount may qualify for other plans, so the bonus is chosen again.
      if (!state.bonusOffered)
        return { ...state, amount: action.amount, step: 'payment', bonus: noBonus, progress: null, failure: null, requestId: newRequestId() };
      return { ...state, amount: action.amount, step: 'bonus', bonus: state.amount === action.amount ? state.bonus : noBonus };
    case 'chooseBonus':
      return { ...state, bonus: action.bonus };
    case 'confirmBonus':
      return { ...state, step: 'payment', progress: null, failure: null, requestId: newRequestId() };
    case 'back':
      switch (state.step) {
        case 'amount':
          return state.singleMethod ? state : { ...state, step: 'method' };
        case 'bonus':
          return { ...state, step: 'amount' };
        case 'payment':
          // DEP-38: back at step 3 returns to step 2 (the amount where no bonus is offered) and clears the deposit status.
          return { ...state, step: state.bonusOffered ? 'bonus' : 'amount', progress: null, failure: null };
        default:
          return state;
      }
    case 'answered':
      return afterAnswer(state, action.response);
    case 'providerFinished':
      return { ...state, progress: { kind: 'confirming', paymentId: action.paymentId } };
    case 'settled':
      return { ...state, step: 'complete', progress: null, result: action.result };
    case 'refused':
      // No answer at all keeps the request id: the same submit may be sent again safely.
      return {
        ...state,
        step: 'failed',
        progress: null,
        failure: action.failure,
        requestId: action.failure.kind === 'noAnswer' ? state.requestId : newRequestId(),
      };
    case 'retryPayment':
      // After no answer: step 3 again with the same request id, so a submit that did arrive is not repeated.
      return { ...state, step: 'payment', progress: null, failure: null };
    case 'changeAmount':
      return { ...state, step: 'amount', progress: null, failure: null, bonus: noBonus, amount: null };
    case 'restart':
      // DEP-35: after a refusal the wizard starts again.
      return { ...initialDepositStateFrom(state), requestId: newRequestId() };
  }
}

function initialDepositStateFrom(state: DepositState): DepositState {
  return {
    ...state,
    step: state.singleMethod ? 'amount' : 'method',
    method: state.singleMethod ? state.method : null,
    amountText: '',
    amount: null,
    bonus: noBonus,
    progress: null,
    result: null,
    failure: null,
  };
}

/** The step number the spec counts (0–3), for the progress line; null after the wizard has ended. */
export function stepNumber(step: DepositStep): number | null {
  return { method: 0, amount: 1, bonus: 2, payment: 3, complete: null, failed: null }[step];
}
