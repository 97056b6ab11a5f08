import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import type { ServiceContext } from '../../service-context';
import { runFinancialChecks, runRiskAssessments } from './financial-checks.service';

/** How often a node asks the provider for the checks due and measures the risk assessments. */
export const FINANCIAL_CHECK_INTERVAL_MS = 60_000;

/**
 * The financial checks' job on this node (every node may run it: a check is claimed before the
 * provider is asked, and an assessment's row is written once per window): a pass asks the provider
 * for every check due (new ones, and UNAVAILABLE ones whose retry time has come), then, with
 * FINANCIAL_RISK_ASSESSMENT_ENABLED, measures the risk assessments. FINANCIAL_CHECK_JOB_ENABLED=false
 * leaves the job to other nodes; the deposits' trigger still writes the checks.
 */
export function startFinancialChecks(context: ServiceContext, intervalMs = FINANCIAL_CHECK_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob({
    logger: context.logger,
    module: 'financial-checks',
    what: 'financial checks',
    intervalMs,
    firstAfterMs: 10_000,
    pass: () => {
      if (!context.config.FINANCIAL_CHECK_JOB_ENABLED) return undefined;
      return (async () => {
        const checks = await runFinancialChecks(context);
        const risks = await runRiskAssessments(context);
        if (checks.asked > 0 || risks.opened > 0)
          context.logger.info({ module: 'financial-checks', ...checks, riskAssessmentsOpened: risks.opened }, 'financial checks: pass done');
      })();
    },
  });
}
