/**
 * The cashier's public face: its routes, its operations as services (callable without HTTP by a
 * job or a back-office action: they take the player and the request and answer the contract's
 * answer or throw an AppError), the reconciler, and the payment provider interface.
 */
export { getPaymentStatus, prepareDeposit, processDeposit, type CashierCustomer } from './deposit.service';
export { processWithdrawal } from './withdrawal.service';
// Issue 15: withdrawals above the review threshold, held for the back office's decision.
export {
  heldWithdrawal,
  heldWithdrawals,
  releaseHeldWithdrawal,
  returnHeldWithdrawal,
  sendApprovedPayout,
  type HeldWithdrawal,
} from './held-withdrawals.service';
export { depositedSince } from './cashier-rules';
// The back office's view of a player's payments, page by page.
export { paymentHistory, type PaymentHistoryEntry } from './payment-history.service';
// Refer a friend: the instruments a player deposited with, to tell a self-referral.
export { depositInstruments } from './payment-instruments';
// Issue 26 items 4 and 9: a self-excluded player's cash paid back, durably; what cannot be paid automatically is a staff task.
export {
  cashPaybackAnswer,
  claimDuePaybacks,
  completePaybackTask,
  duePaybacks,
  hasOpenPaybackTask,
  openPaybackTasks,
  paybackFailed,
  paybackOutcome,
  paybackTask,
  recordPaybackDue,
  returnCashAfterExclusion,
  type ExclusionPaybackOutcome,
  type ExclusionPayout,
  type PaybackTaskRow,
} from './exclusion-payout.service';
export { reconcilePayments, startReconciler, type ReconcileOptions, type ReconcileSummary } from './reconcile.service';
export { createPaymentMethodRegistry, type PaymentMethodRegistry } from './payment-methods';
export { createPaymentProviders } from './providers';
export type { PaymentProvider, PaymentProviders, ProviderPaymentStatus } from '../../providers/payment-provider';
// The account-holder register (issue 29 item 9): stored cards forgotten; an open withdrawal holds a removal back.
export { forgetStoredCards, hasOpenWithdrawal } from './forget';
