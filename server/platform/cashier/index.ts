/**
 * The cashier's public face: its routes, its operations as services (callable without HTTP by a
 * job or a back-office action: they take the player and the request and answer the contract's
 * answer or throw an AppError), the reconciler, and the payment provider interface.
 */
export { cashierRoutes } from './cashier.plugin';
export { getPaymentStatus, prepareDeposit, processDeposit, type CashierCustomer } from './deposit.service';
export { processWithdrawal } from './withdrawal.service';
// Issue 15: withdrawals above the review threshold, held for the back office's decision.
export { heldWithdrawal, heldWithdrawals, releaseHeldWithdrawal, returnHeldWithdrawal, sendApprovedPayout, type HeldWithdrawal } from './held-withdrawals.service';
export { depositedSince } from './cashier-rules';
// The back office's view of a player's payments, page by page.
export { paymentHistory, type PaymentHistoryEntry } from './payment-history.service';
// Refer a friend: the instruments a player deposited with, to tell a self-referral.
export { depositInstruments } from './payment-instruments';
export { returnCashAfterExclusion, type ExclusionPayout } from './exclusion-payout.service';
export { reconcilePayments, startReconciler, type ReconcileOptions, type ReconcileSummary } from './reconcile.service';
export { createPaymentMethodRegistry, type PaymentMethodRegistry } from './payment-methods';
export { createPaymentProvider } from './providers/sandbox-payment-provider';
export type { PaymentProvider, ProviderPaymentStatus } from './providers/payment-provider';
