import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../service-context';
import { getPlayerInfoRoutes } from './accounts/get-player-info.handler';
import { loginRoutes } from './accounts/login.handler';
import { quickSignupCompletionRoutes } from './accounts/quick-signup-completion.handler';
import { quickSignupRoutes } from './accounts/quick-signup.handler';
import { signupRoutes } from './accounts/signup.handler';
import { cashierRoutes } from './cashier/cashier.plugin';
import { platformGamesRoutes } from './games/games.handler';
import { consentsRoutes } from './consents/consents.handler';
import { userConsentsRoutes } from './consents/user-consents.handler';
import { passwordResetRoutes } from './password-reset/password-reset.handler';
import { pingRoutes } from './ping/ping.handler';
import { checkSessionAliveRoutes } from './session/check-session-alive.handler';
import { socialLoginRoutes } from './social/social-login.handler';
import { walletRoutes } from './wallet/wallet.plugin';

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
    await app.register(platformGamesRoutes(context));
  };
