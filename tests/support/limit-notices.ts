import { createLimits, type DepositUsageSource, type LimitHit, type Limits, type RealityCheckPattern } from '../../server/platform/limits/index';
import { depositedSince } from '../../server/platform/cashier/index';

/**
 * A limits module built as the server's is (its settings, its notices: the back office's flags on
 * its database), for a test that calls the module's services directly: each notice is also kept
 * here, as the back office hears it, before any flag is written. `deposits` replaces the cashier's
 * deposits where a test wants a usage of its own.
 */
export function limitsKeepingNotices(
  server: Pick<Limits, 'settings' | 'notices'>,
  deposits: DepositUsageSource = depositedSince,
): { limits: Limits; hits: LimitHit[]; patterns: RealityCheckPattern[] } {
  const hits: LimitHit[] = [];
  const patterns: RealityCheckPattern[] = [];
  const limits = createLimits({
    deposits,
    settings: server.settings,
    notices: {
      limitReached: (hit) => {
        hits.push(hit);
        server.notices.limitReached(hit);
      },
      realityCheckPattern: (pattern) => {
        patterns.push(pattern);
        server.notices.realityCheckPattern(pattern);
      },
    },
  });
  return { limits, hits, patterns };
}
