import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import type { ServiceContext } from '../../service-context';
import { expireBonuses } from './bonuses.service';
import { expireFreeSpins } from './free-spins.service';

/** How often a node looks for expired bonuses; a bet checks its own player's bonus at once, so this only serves idle players. */
export const BONUS_EXPIRY_INTERVAL_MS = 60_000;

/**
 * Forfeits what remains of every expired ACTIVE bonus each interval on this node. Safe with
 * several nodes: each bonus is ended under its row lock, once.
 */
export function startBonusExpiry(context: ServiceContext, intervalMs = BONUS_EXPIRY_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob({
    logger: context.logger,
    module: 'bonuses',
    what: 'bonuses: expiry',
    intervalMs,
    pass: async () => {
      // Free spins that expired unplayed end their bonus too (free-spins.service.ts).
      const [bonuses, spins] = await Promise.all([expireBonuses(context.database.db), expireFreeSpins(context.database.db)]);
      if (bonuses + spins > 0) context.logger.info({ module: 'bonuses', expired: bonuses + spins }, 'bonuses: expired bonuses forfeited');
    },
  });
}
