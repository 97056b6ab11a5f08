import type { Config } from '../../config/env';

/**
 * The financial vulnerability check's settings, from the configuration
 * (FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD, FINANCIAL_CHECK_DEPOSIT_CAP): the trigger's policy is
 * built with them (server/modules.ts), the job reads them from its context's configuration.
 */
export interface FinancialCheckSettings {
  /** Net deposits over the window above this (minor units of the currency measured) trigger a check. */
  netDepositThreshold: bigint;
  /** A CONCERN's operator deposit limit per window (minor units); 0n sets none. */
  depositCap: bigint;
}

/** The rolling period the net deposits are measured over, and the trigger window: 30 days. */
export const VULNERABILITY_WINDOW_DAYS = 30;

export function financialCheckSettings(config: Pick<Config, 'FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD' | 'FINANCIAL_CHECK_DEPOSIT_CAP'>): FinancialCheckSettings {
  return { netDepositThreshold: BigInt(config.FINANCIAL_CHECK_NET_DEPOSIT_THRESHOLD), depositCap: BigInt(config.FINANCIAL_CHECK_DEPOSIT_CAP) };
}
