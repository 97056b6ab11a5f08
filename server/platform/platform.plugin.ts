import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../service-context';
import { getPlayerInfoRoutes, loginRoutes, quickSignupCompletionRoutes, quickSignupRoutes, signupRoutes } from './accounts';
import { getLtdDataRoutes, updatePasswordRoutes, updatePlayerInfoRoutes } from './accounts';
import { findAddressRoutes } from './address';
import { getPlayerMessagesRoutes, markMessagesReadRoutes } from './messages';
import { cashierRoutes, depositedSince, returnCashAfterExclusion } from './cashier';
import { applyLimitSettings, limitsRoutes, provideDepositUsage, registerResponsibleGamingPolicies } from './limits';
import { platformGamesRoutes } from './games';
import { consentsRoutes, userConsentsRoutes } from './consents';
import { documentsRoutes } from './documents';
import { identificationRoutes } from './identification';
import { passwordResetRoutes } from './password-reset';
import { pingRoutes } from './ping';
import { checkSessionAliveRoutes } from './session';
import { socialLoginRoutes } from './social';
import { provideLoyaltyPoints, walletRoutes } from './wallet';
import { loyaltyPointsOf, loyaltyRoutes, registerLoyaltyPolicies } from './loyalty';
import { bonusesPlugin, forfeitBonusesOnLock, registerBonusPolicies, registerDepositBonusPolicy } from './bonuses';
import { referralsPlugin } from './referrals';

/** The platform service, mounted at /ps: accounts, sessions, wallet and cashier operations by spec name. */
export const platformService =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(pingRoutes);
    await app.register(checkSessionAliveRoutes(context));
    await app.register(consentsRoutes(context));
    await app.register(quickSignupRoutes(context));
    await app.register(quickSignupCompletionRoutes(context));
    await app.register(signupRoutes(context));
    await app.register(userConsentsRoutes(context));
    await app.register(loginRoutes(context));
    await app.register(getPlayerInfoRoutes(context));
    await app.register(passwordResetRoutes(context));
    await app.register(socialLoginRoutes(context));
    await app.register(walletRoutes(context));
    await app.register(cashierRoutes(context));
    // Responsible gaming (issue 12): its policies run at the wallet's policy point, once per
    // process; deposit limits are measured on the cashier's deposits.
    applyLimitSettings(context.config);
    registerResponsibleGamingPolicies();
    provideDepositUsage(depositedSince);
    await app.register(
      limitsRoutes(context, {
        deposits: depositedSince,
        afterSelfExclusion: (playerId, lockId) => returnCashAfterExclusion(context, playerId, lockId),
        // Issue 14: a time-out or self-exclusion forfeits the player's bonuses (bonus money only).
        forfeitBonusesOnLock: (playerId) => forfeitBonusesOnLock(context.database.db, playerId),
      }),
    );
    // Bonuses (issue 14): wagering and the deposit match at the wallet's policy point, once per process.
    registerBonusPolicies();
    registerDepositBonusPolicy();
    await app.register(bonusesPlugin(context));
    // Loyalty (issue 14): points earned at the wallet's policy point, shown in getBalance.
    registerLoyaltyPolicies();
    provideLoyaltyPoints(loyaltyPointsOf);
    await app.register(loyaltyRoutes(context));
    // Refer a friend (issue 14): invitations, linking at sign-up, the referrer's reward on qualification.
    await app.register(referralsPlugin(context));
    await app.register(platformGamesRoutes(context));
    await app.register(documentsRoutes(context));
    await app.register(identificationRoutes(context));
    // The account area, player messages and address look-up (issue 13).
    await app.register(updatePasswordRoutes(context));
    await app.register(updatePlayerInfoRoutes(context));
    await app.register(getLtdDataRoutes(context));
    await app.register(getPlayerMessagesRoutes(context));
    await app.register(markMessagesReadRoutes(context));
    await app.register(findAddressRoutes(context));
  };
