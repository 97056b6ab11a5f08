import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic-job';
import type { ServiceContext } from '../service-context';
import { runRegisterRecheck } from './register-recheck';

/** How often a node looks whether today's re-check has run: hourly, so a day is never missed for long. */
export const REGISTER_RECHECK_INTERVAL_MS = 3_600_000;

/** The daily re-check on this node; every node tries, the day's unique row lets one run it. */
export function startRegisterRecheck(context: ServiceContext, intervalMs = REGISTER_RECHECK_INTERVAL_MS): PeriodicJob {
  let done: string | undefined;
  return startPeriodicJob({
    logger: context.logger,
    module: 'exclusion-register',
    what: 'GAMSTOP re-check',
    intervalMs,
    // Not at once: a starting node has its own work.
    firstAfterMs: 120_000,
    pass: () => {
      if (!context.config.EXCLUSION_REGISTER_RECHECK_ENABLED) return undefined;
      const day = new Date().toISOString().slice(0, 10);
      if (done === day) return undefined;
      return runRegisterRecheck(context).then(() => {
        // Run or skipped (another node has it), the day is settled on this node.
        done = day;
      });
    },
  });
}
