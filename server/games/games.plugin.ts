import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../service-context';
import { gameClientRoutes } from './client/game-client.plugin';
import { SHARED_GAME_KINDS } from './kinds/registry';
import { playRoutes } from './play/play.routes';

/** The game server, mounted at /gs: RNG, engines, rounds and the launch container. */
export const gameServer =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ping',
      {
        schema: {
          tags: ['games'],
          summary: 'Answers when the game server is reachable',
          response: { 200: z.object({ status: z.literal('SUCCESS'), service: z.string() }) },
        },
      },
      async () => ({ status: 'SUCCESS' as const, service: 'games' }),
    );
    await app.register(playRoutes(context));
    // The kinds the server runs for many players on a schedule (bingo): their operations, and their drivers on this node.
    for (const kind of SHARED_GAME_KINDS) {
      await app.register(kind.routes(context));
      let driver: { stop(): Promise<void> } | undefined;
      app.addHook('onReady', async () => {
        driver = kind.startDriver(context);
      });
      app.addHook('onClose', async () => driver?.stop());
    }
    await app.register(gameClientRoutes(context));
  };
