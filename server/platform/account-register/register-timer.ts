import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import type { ServiceContext } from '../../service-context';
import { runAccountRegister } from './register.service';

/** How often a node runs the register: hourly is soon enough for notices counted in days and months. */
export const REGISTER_INTERVAL_MS = 3_600_000;

/**
 * The account-holder register's job on this node (every node runs it; the one open row per player
 * and the row lock of each removal make each notice and removal once): a few minutes after start,
 * then hourly. A node with ACCOUNT_REGISTER_ENABLED=false does not run it; `now` is a clock the
 * tests inject.
 */
export function startAccountRegister(context: ServiceContext, options: { intervalMs?: number; firstAfterMs?: number; now?: () => Date } = {}): PeriodicJob {
  const now = options.now ?? (() => new Date());
  return startPeriodicJob({
    logger: context.logger,
    module: 'account-register',
    what: 'account register',
    intervalMs: options.intervalMs ?? REGISTER_INTERVAL_MS,
    // Not at once: a starting node has its own work, and the activity statements run at one minute.
    firstAfterMs: options.firstAfterMs ?? 120_000,
    pass: () => {
      if (!context.config.ACCOUNT_REGISTER_ENABLED) return undefined;
      return runAccountRegister(context, now()).then((summary) => {
        context.logger.info({ module: 'account-register', ...summary }, 'account register: pass done');
      });
    },
  });
}
