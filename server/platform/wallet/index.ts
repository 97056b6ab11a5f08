// The wallet's public face (server/platform/wallet/README.md): every movement of a player's money goes
// through these functions, which run the money policies of the server's wallet inside the movement's
// transaction. Other modules use only what is exported here; the ledger's posting primitive
// (postMovement) is not exported, so no caller can move money past the policies.

// The movements: the cashier's, and the seamless wallet (games' bets, wins and rollbacks).
export { creditDeposit, reserveWithdrawal, returnWithdrawal, settleWithdrawalPayout, type PaymentMovement } from './cashier-movements';
// The bonus engine's movements (server/platform/bonuses/README.md).
export { forfeitBonusMoney, grantBonusMoney, releaseBonusMoney, settleBonusWinShare, topUpBonusMoney, type BonusMovement } from './bonus-movements';
// The back office's manual adjustment of a player's cash, posted once per approved adjustment (server/back-office/README.md).
export { postManualAdjustment, type ManualAdjustment } from './adjustment-movements';
export {
  createSeamlessWallet,
  gameKey,
  gameRollbackKey,
  SEAMLESS_ENTRY_KINDS,
  roundMoneyInOneStatement,
  type GameCredit,
  type GameDebit,
  type GameRollback,
  type SeamlessWallet,
  type WalletOutcome,
} from './seamless-wallet';
export type { RoundMoneyParts } from './one-statement-movements';

// The money-policy point: the composition root builds the server's wallet from the modules' policies (limits, wagering, loyalty, …) and attaches it to its database.
export {
  attachWallet,
  createWallet,
  PolicyRefusal,
  walletOf,
  type Wallet,
  type GameRef,
  type MoneyMovement,
  type MoneyPolicy,
  type MovementKind,
  type PendingMovement,
  type PolicyStatementPart,
  type PostedMovement,
  type StatementContext,
} from './money-policy';
export { STAKE_ORDER, WIN_BUCKET, type BucketAmounts } from './money-rules';

// Transactions and balances.
export { announceAfterCommit, getPlayerBalance, getPlayerBalances, type Bucket, type PlayerBalance } from './ledger';
// Locks a player's buckets in a currency first, the ledger's lock order, for a module whose own rows a movement then changes (bonuses).
export { lockPlayerAccounts } from './ledger';
export { auditLedger, auditProblems, type LedgerAudit } from './ledger-audit';

// The wallet's routes under /ps, and what signs a provider's wallet call.
export type { LoyaltyPointsSource, WalletDependencies } from './wallet-dependencies';
export { DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET, signWalletBody } from './provider-signature';

// What the game server's game-cycle rule reads of a provider's rounds (issue 29 item 1, RTS 14G).
export { roundStartsOf, type RoundStarts } from './round-starts';

// What the platform's game history reads of the ledger.
export { gameMoneyHistory, type GameMoneyEntry } from './game-history';

// What the account page's lifetime figures read of the ledger (ACC-30…33).
export { lifetimeTotals, type LifetimeTotals } from './lifetime-totals';

// What the back office's reports read of the ledger: daily deposits, withdrawals, real stakes and wins.
export { dailyTotals, type DailyTotals } from './daily-totals';
// A player's cash figures of a month and the month's players, for the activity statements (issue 29 item 10).
export { periodTotals, playersWithCashActivity, playTimeMs, type PeriodTotals } from './period-totals';
// What the back office's gaming-duty report reads of the ledger: real stakes and wins per day, game and jurisdiction.
export { gameYieldByDay, type GameYieldDay } from './game-yield';
// What the back office's evidence pack reads of the ledger: withdrawal movements of a time window.
export { withdrawalMovements, type WithdrawalMovementEvidence } from './withdrawal-evidence';
// When players last staked: the account-holder register's measure of play (issue 29 item 9).
export { lastStakesOf } from './last-stakes';
