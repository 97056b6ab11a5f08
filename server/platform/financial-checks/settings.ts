import type { Config } from '../../config/env';

/**
 * The financial vulnerability check's trigger settings, from the configuration at start-up
 * (FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD, FINANCIAL_CHECK_DEPOSIT_CAP). The trigger runs as a money
 * policy, registered once per process, so it reads them here rather than from a request's context.
 */
export const financialCheckSettings = {
  /** Net deposits over the window above this (minor units of the currency measured) trigger a check. */
  netDepositThreshold: 15_000n,
  /** A CONCERN's operator deposit limit per window (minor units); 0n sets none. */
  depositCap: 15_000n,
};

/** The rolling period the net deposits are measured over, and the trigger window: 30 days. */
export const VULNERABILITY_WINDOW_DAYS = 30;

export function applyFinancialCheckSettings(config: Pick<Config, 'FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD' | 'FINANCIAL_CHECK_DEPOSIT_CAP'>): void {
  financialCheckSettings.netDepositThreshold = BigInt(config.FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD);
  financialCheckSettings.depositCap = BigInt(config.FINANCIAL_CHECK_DEPOSIT_CAP);
}
