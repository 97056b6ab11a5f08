import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runBackgroundWork } from '../jobs/background-work';
import type { ServiceContext } from '../service-context';
import { getPlayerInfoRoutes, loginRoutes, quickSignupCompletionRoutes, quickSignupRoutes, signupRoutes } from './accounts/routes';
import { startRegisterRecheck } from './register-recheck-timer';
import { getLtdDataRoutes, updatePasswordRoutes, updatePlayerInfoRoutes } from './accounts/routes';
import { findAddressRoutes } from './address/routes';
import { kycWebhookRoutes } from './kyc/routes';
import { getPlayerMessagesRoutes, markMessagesReadRoutes } from './messages/routes';
import { afterLockCommitted, inLockTransaction, startAfterLockRetry } from './after-lock';
import { depositedSince } from './cashier';
import { cashierRoutes } from './cashier/routes';
import { limitsRoutes } from './limits/routes';
import { platformGamesRoutes } from './games/routes';
import { consentsRoutes, marketingConsentsRoutes, userConsentsRoutes } from './consents/routes';
import { documentsRoutes } from './documents/routes';
import { identificationRoutes } from './identification/routes';
import { passwordResetRoutes } from './password-reset/routes';
import { pingRoutes } from './ping/routes';
import { openToRestrictedSessions } from './session';
import { checkSessionAliveRoutes } from './session/routes';
import { socialLoginRoutes } from './social/routes';
import { walletRoutes } from './wallet/routes';
import { loyaltyPointsShown } from './loyalty';
import { loyaltyRoutes } from './loyalty/routes';
import { bonusesPlugin } from './bonuses';
import { referralsPlugin } from './referrals';
import { startActivityStatements } from './statements';
import { startFinancialChecks } from './financial-checks';
import { startKycReconciler } from './kyc';
import { startAccountRegister } from './account-register';
import { accountRemovalRoutes } from './account-register/routes';

/** The cashier's operations a restricted session (a time-out) may use: withdrawing and its screen. */
const CASHIER_OPEN_TO_RESTRICTED_SESSIONS = [
  '/getWithdrawalMethods',
  '/getWithdrawalLimits',
  '/getStoredCards',
  '/processWithdrawal',
  '/getPaymentStatus',
  '/getBankingHistory',
];

/** The platform service, mounted at /ps: accounts, sessions, wallet and cashier operations by spec name. */
export const platformService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(pingRoutes);
    // Inducements closed per jurisdiction (issue 29 item 7), as the composition root built them (server/modules.ts).
    await app.register(checkSessionAliveRoutes(context, { inducementsOffOf: async (db, playerId) => (await context.inducements.of(db, playerId)).off }));
    await app.register(consentsRoutes(context));
    await app.register(quickSignupRoutes(context));
    await app.register(quickSignupCompletionRoutes(context));
    await app.register(signupRoutes(context));
    await app.register(userConsentsRoutes(context));
    await app.register(marketingConsentsRoutes(context));
    await app.register(loginRoutes(context));
    await app.register(getPlayerInfoRoutes(context));
    await app.register(passwordResetRoutes(context));
    await app.register(socialLoginRoutes(context));
    // Loyalty (issue 14): points shown in getBalance and the balance events.
    await app.register(walletRoutes(context, { loyaltyPoints: (db, playerId) => loyaltyPointsShown(db, context.inducements, playerId) }));
    // A player on a time-out may still take their money out (issue 26 defect 4): the withdrawal and
    // what its screen and the banking history need are open to a restricted session; the rest of
    // the cashier (deposits above all) refuses one in requireSession.
    await app.register(async (cashier) => {
      cashier.addHook('onRoute', openToRestrictedSessions(CASHIER_OPEN_TO_RESTRICTED_SESSIONS));
      await cashier.register(cashierRoutes(context));
    });
    // Responsible gaming (issue 12): its policies run in the server's wallet (server/modules.ts);
    // deposit limits are measured on the cashier's deposits; its settings are context.limits.settings.
    await app.register(
      limitsRoutes(context, {
        deposits: depositedSince,
        // Issue 26: one after-lock sequence for the player's and staff's locks (after-lock.ts): rounds
        // in play settled, bonuses forfeited (issue 14), a self-excluded player's cash paid back, durably.
        afterLock: {
          inLockTransaction,
          afterCommit: (playerId, lock, log) => afterLockCommitted(context, playerId, lock, log),
        },
      }),
    );
    // Paybacks a crash or a failure left due are taken again on this node (soon after start, then every minute).
    runBackgroundWork(app, context, () => startAfterLockRetry(context));
    // Monthly activity statements to GB and IE players (issue 29 item 10), on every node: one per player and month.
    runBackgroundWork(app, context, () => startActivityStatements(context));
    // Financial vulnerability checks of GB players (issue 29 item 3): the trigger at the wallet's
    // policy point in each deposit's transaction (server/modules.ts), the provider asked by the job
    // after it commits; the job also makes the financial risk assessments when they are switched on.
    runBackgroundWork(app, context, () => startFinancialChecks(context));
    // Identity decisions whose webhook was lost or whose processing was cut off (issue 31).
    runBackgroundWork(app, context, () => startKycReconciler(context));
    // The account-holder register (issue 29 item 9): notices and removals for inactivity on every node, each once.
    runBackgroundWork(app, context, () => startAccountRegister(context));
    await app.register(accountRemovalRoutes(context));
    // The daily GAMSTOP re-check of every active GB player (issue 29 item 6), one node a day by its unique row.
    runBackgroundWork(app, context, () => startRegisterRecheck(context));
    // Bonuses (issue 14): wagering and the deposit match run at the wallet's policy point (server/modules.ts).
    await app.register(bonusesPlugin(context));
    // Loyalty (issue 14): points earned at the wallet's policy point (server/modules.ts).
    await app.register(loyaltyRoutes(context));
    // Refer a friend (issue 14): invitations, linking at sign-up, the referrer's reward on qualification.
    await app.register(referralsPlugin(context));
    await app.register(platformGamesRoutes(context));
    await app.register(documentsRoutes(context));
    await app.register(identificationRoutes(context));
    // The identity provider's signed decisions (issue 31): in a scope of its own, for the raw body.
    await app.register(kycWebhookRoutes(context));
    // The account area, player messages and address look-up (issue 13).
    await app.register(updatePasswordRoutes(context));
    await app.register(updatePlayerInfoRoutes(context));
    await app.register(getLtdDataRoutes(context));
    await app.register(getPlayerMessagesRoutes(context));
    await app.register(markMessagesReadRoutes(context));
    await app.register(findAddressRoutes(context));
  };
