import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../service-context';
import { createBalanceEvents } from './balance-events';
import { balanceEventsRoutes } from './balance-events.handler';
import { getBalanceRoutes } from './get-balance.handler';
import { createSeamlessWallet } from './seamless-wallet';
import { seamlessWalletRoutes } from './seamless-wallet.handler';
import type { WalletDependencies } from './wallet-dependencies';

/**
 * The wallet's operations under /ps: getBalance and getPlayerBalance for the portal, the balance
 * event stream, and the signed seamless-wallet endpoints for game providers.
 */
export const walletRoutes =
  (context: ServiceContext, dependencies: WalletDependencies = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const wallet = createSeamlessWallet(context.database.db);
    const events = createBalanceEvents(context.database, context.logger.child({ module: 'wallet' }));
    app.addHook('onClose', () => events.close());
    await app.register(getBalanceRoutes(context, dependencies));
    await app.register(balanceEventsRoutes(context, events, dependencies));
    await app.register(seamlessWalletRoutes(context, wallet));
  };
