import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runBackgroundWork } from '../../jobs/background-work';
import type { ServiceContext } from '../../service-context';
import { bonusesRoutes } from './bonuses.handler';
import { startBonusExpiry } from './expiry-timer';

/** The bonuses operations under /ps and the expiry timer on this node. */
export const bonusesPlugin =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    runBackgroundWork(app, context, () => startBonusExpiry(context));
    await app.register(bonusesRoutes(context));
  };
