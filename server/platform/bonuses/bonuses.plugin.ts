import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceContext } from '../../service-context';
import { bonusesRoutes } from './bonuses.handler';
import { startBonusExpiry } from './expiry-timer';

/** The bonuses operations under /ps and the expiry timer on this node. */
export const bonusesPlugin =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    let timer: ReturnType<typeof startBonusExpiry> | undefined;
    app.addHook('onReady', async () => {
      timer = startBonusExpiry(context);
    });
    app.addHook('onClose', async () => timer?.stop());
    await app.register(bonusesRoutes(context));
  };
