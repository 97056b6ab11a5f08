import type { ServiceContext } from '../../service-context';
import { expireBonuses } from './bonuses.service';
import { expireFreeSpins } from './free-spins.service';

/** How often a node looks for expired bonuses; a bet checks its own player's bonus at once, so this only serves idle players. */
export const BONUS_EXPIRY_INTERVAL_MS = 60_000;

/**
 * Forfeits what remains of every expired ACTIVE bonus each interval on this node. Safe with
 * several nodes: each bonus is ended under its row lock, once.
 */
export function startBonusExpiry(context: ServiceContext, intervalMs = BONUS_EXPIRY_INTERVAL_MS): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    // Free spins that expired unplayed end their bonus too (free-spins.service.ts).
    running = Promise.all([expireBonuses(context.database.db), expireFreeSpins(context.database.db)])
      .then(([bonuses, spins]) => bonuses + spins)
      .then((expired) => {
        if (expired > 0) context.logger.info({ module: 'bonuses', expired }, 'bonuses: expired bonuses forfeited');
      })
      .catch((error: unknown) => context.logger.error({ module: 'bonuses', err: error }, 'bonuses: expiry run failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
