import type { BackgroundWork } from '../../jobs/background-work';
import { startPeriodicJob } from '../../jobs/periodic-job';
import type { KycProviders } from '../../providers/kyc-provider';
import type { ServiceContext } from '../../service-context';
import { applyDecision, pendingChecks, processKycEvent, unprocessedKycEvents } from './kyc-checks';

/** How often a node looks for stranded events and checks whose decision never arrived. */
export const KYC_RECONCILE_INTERVAL_MS = 60_000;

/**
 * What a lost webhook or a crash leaves behind, taken up by asking the provider (as the cashier's
 * reconciler does for payments): events stored but never processed, and checks still PENDING long
 * after they were made (every delivery of their decision failed). Safe on several nodes: a
 * decision is applied once, by the conditional update in applyDecision.
 */
export async function reconcileKycChecks(context: ServiceContext, options: { olderThanMs?: number } = {}): Promise<{ events: number; decided: number }> {
  const olderThanMs = options.olderThanMs ?? 10 * 60_000;
  const { db } = context.database;
  const logger = context.logger.child({ module: 'kyc' });
  const providers: KycProviders = context.identityProviders ?? {
    active: context.kyc,
    all: [context.kyc],
    get: (id) => (id === context.kyc.id ? context.kyc : undefined),
  };
  let events = 0;
  let decided = 0;
  for (const provider of providers.all) {
    if (!provider.webhooks) continue;
    for (const eventId of await unprocessedKycEvents(db, provider.id, Math.min(olderThanMs, 60_000))) {
      await processKycEvent({ db, provider, logger }, eventId);
      events += 1;
    }
    for (const check of await pendingChecks(db, provider.id, olderThanMs)) {
      const outcome = await provider.webhooks.checkOutcome(check.checkId);
      if (outcome.state === 'DECIDED' && (await applyDecision(db, provider.id, check.checkId, outcome))) {
        decided += 1;
        logger.info(
          { provider: provider.id, checkId: check.checkId, decision: outcome.decision },
          'kyc: a decision whose webhook never arrived, read from the provider',
        );
      }
    }
  }
  return { events, decided };
}

export function startKycReconciler(context: ServiceContext, intervalMs = KYC_RECONCILE_INTERVAL_MS): BackgroundWork | undefined {
  // Nothing to reconcile where no running provider decides by webhook.
  if (!(context.identityProviders?.all ?? [context.kyc]).some((provider) => provider.webhooks)) return undefined;
  return startPeriodicJob({
    logger: context.logger,
    module: 'kyc',
    what: 'kyc: reconcile',
    intervalMs,
    firstAfterMs: 5_000,
    pass: async () => {
      await reconcileKycChecks(context);
    },
  });
}
