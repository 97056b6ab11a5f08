import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runBackgroundWork } from '../../jobs/background-work';
import type { ServiceContext } from '../../service-context';
import { bankingHistoryRoutes } from './banking-history.handler';
import { bonusPlansRoutes } from './bonus-plans.handler';
import { depositLimitsRoutes } from './deposit-limits.handler';
import { depositRoutes } from './deposit.handler';
import { paymentMethodsRoutes } from './payment-methods.handler';
import { startReconciler } from './reconcile.service';
import { storedCardsRoutes } from './stored-cards.handler';
import { webhookRoutes } from './webhook.handler';
import { withdrawalRoutes } from './withdrawal.handler';

/**
 * The cashier's operations under /ps (spec 001 §7 "Cashier", §4 wizards), the provider webhook,
 * and the reconciler's timer on this node (reconcile.service.ts).
 */
export const cashierRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    runBackgroundWork(app, context, () => startReconciler(context));
    await app.register(paymentMethodsRoutes(context));
    await app.register(depositLimitsRoutes(context));
    await app.register(bonusPlansRoutes(context));
    await app.register(depositRoutes(context));
    await app.register(withdrawalRoutes(context));
    await app.register(storedCardsRoutes(context));
    await app.register(bankingHistoryRoutes(context));
    await app.register(webhookRoutes(context));
  };
