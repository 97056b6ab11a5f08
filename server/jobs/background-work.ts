import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service-context';

/** A node's background work as its starter hands it over: something to stop when the server closes. */
export interface BackgroundWork {
  stop(): Promise<void>;
}

/**
 * Starts a piece of background work when the server is ready and stops it when the server closes,
 * on nodes that run background work only (NODE_ROLE all or worker: `config.runsBackgroundWork`).
 * Every timer a node runs on its own goes through here, so an api node's "none" is decided in one
 * place; `start` answers undefined when the work's own flag (BINGO_DRIVER, *_ENABLED…) keeps it off.
 */
export function runBackgroundWork(app: FastifyInstance, context: ServiceContext, start: () => BackgroundWork | undefined): void {
  if (!context.config.runsBackgroundWork) return;
  let work: BackgroundWork | undefined;
  app.addHook('onReady', async () => {
    work = start();
  });
  app.addHook('onClose', async () => work?.stop());
}
