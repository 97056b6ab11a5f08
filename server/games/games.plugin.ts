import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../service-context';
import { gameClientRoutes } from './client/game-client.plugin';
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
    await app.register(gameClientRoutes(context));
  };
