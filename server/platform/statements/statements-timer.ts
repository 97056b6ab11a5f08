import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import type { ServiceContext } from '../../service-context';
import { runActivityStatements } from './statements.service';
import { monthBefore } from './statement-text';

/** How often a node looks whether a month's statements are due: hourly is soon enough for a monthly statement. */
export const STATEMENT_CHECK_INTERVAL_MS = 3_600_000;

/**
 * The monthly statements job on this node (every node runs it; the unique row per player and month
 * makes each player's statement once): from ACTIVITY_STATEMENT_DAY (UTC) on, the month before is
 * stated. A pass without a failure is remembered on the node, so the rest of the month costs nothing;
 * after a restart the next pass finds every statement made and sends nothing again.
 */
export function startActivityStatements(context: ServiceContext, intervalMs = STATEMENT_CHECK_INTERVAL_MS): PeriodicJob {
  let done: string | undefined;
  return startPeriodicJob({
    logger: context.logger,
    module: 'statements',
    what: 'activity statements',
    intervalMs,
    // Not at once: a starting node has its own work; a minute later is early enough.
    firstAfterMs: 60_000,
    pass: () => {
      if (!context.config.ACTIVITY_STATEMENTS_ENABLED) return undefined;
      const now = new Date();
      if (now.getUTCDate() < context.config.ACTIVITY_STATEMENT_DAY) return undefined;
      const month = monthBefore(now);
      if (done === month) return undefined;
      return runActivityStatements(context, month).then((summary) => {
        // A pass with a failure is not done: the next one tries those players again.
        if (summary.failed === 0) done = month;
        context.logger.info({ module: 'statements', ...summary }, 'activity statements: month stated');
      });
    },
  });
}
