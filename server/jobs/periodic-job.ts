import type { ServiceContext } from '../service-context';

/** A node's periodic job, as its starter hands it to whoever stops the node. */
export interface PeriodicJob {
  stop(): Promise<void>;
}

/**
 * Runs `pass` on this node every `intervalMs`, and once `firstAfterMs` after start when given (what
 * a crash or a stop left behind), never two passes at once: a pass still running when the next is
 * due makes that one skip. A pass that fails is logged and the next one tries again; `pass` may
 * answer undefined when there is nothing to do. The timers keep no process alive; `stop` waits for a
 * pass under way. Jobs that must hold across nodes decide in the database (a lease, a unique row).
 */
export function startPeriodicJob(options: {
  logger: ServiceContext['logger'];
  module: string;
  /** Names the job in the log line of a failed pass. */
  what: string;
  intervalMs: number;
  firstAfterMs?: number;
  pass: () => Promise<void> | undefined;
}): PeriodicJob {
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = options
      .pass()
      ?.catch((error: unknown) => options.logger.error({ module: options.module, err: error }, `${options.what}: run failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(run, options.firstAfterMs);
  first?.unref();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
