import type { Logger } from 'pino';
import { limitFlagNotices } from './back-office';
import type { Database } from './db/database';
import { gameCyclePolicy, slotStakeCapPolicy } from './games';
import { depositBonusPolicy, wageringPolicy } from './platform/bonuses';
import type { Config } from './config/env';
import { financialCheckPolicy, financialCheckSettings } from './platform/financial-checks';
import { depositedSince } from './platform/cashier';
import { createInducements, inducementSettings, type Inducements } from './platform/inducements';
import { createLimits, limitSettings, responsibleGamingPolicies, type Limits } from './platform/limits';
import { DEFAULT_LOYALTY_SETTINGS, loyaltyPointsPolicy, type LoyaltySettings } from './platform/loyalty';
import { attachPlayerListeners } from './platform/accounts';
import { referralDepositPolicy, referralPlayerListeners, referralSettings } from './platform/referrals';
import { attachWallet, createWallet, type MoneyPolicy, type Wallet } from './platform/wallet';

/**
 * The composition root's modules: built once per server, before any plugin loads, from values the
 * modules export (no module keeps wiring or settings in its own state), and handed to the plugins
 * through the service context.
 */
export interface Modules {
  /** The server's wallet: the money policies every movement on its database runs. */
  wallet: Wallet;
  /** Responsible gaming: its settings (RG_*) and play status, measured on the cashier's deposits (handed in here: limits never imports the cashier). */
  limits: Limits;
  /** Inducements closed per jurisdiction (INDUCEMENTS_OFF), asked by the loyalty, referral and bonus services and policies. */
  inducements: Inducements;
  /** The loyalty programme's rates and levels (code, not configuration: server/platform/loyalty/settings.ts). */
  loyalty: LoyaltySettings;
}

/**
 * The money policies in the order the wallet runs them: responsible gaming's limits and play
 * clock first (a refusal before anything else writes), the jurisdictions' slot stake limit (GB,
 * issue 26) and game cycle (RTS 14G, issue 29), the financial vulnerability check's trigger
 * (issue 29 item 3), bonus wagering and the deposit match, loyalty points, and refer a friend's
 * first deposit (issue 14). Each is built from the settings it needs.
 */
export const moneyPolicies = (config: Config, { limits, inducements, loyalty }: Pick<Modules, 'limits' | 'inducements' | 'loyalty'>): MoneyPolicy[] => [
  ...responsibleGamingPolicies(limits),
  slotStakeCapPolicy,
  gameCyclePolicy,
  financialCheckPolicy(financialCheckSettings(config)),
  wageringPolicy,
  depositBonusPolicy(inducements),
  loyaltyPointsPolicy({ inducements, settings: loyalty }),
  referralDepositPolicy(referralSettings(config), inducements),
];

/** Builds the server's modules from its configuration and attaches its wallet to `database`, so every movement on it runs the policies. */
export function createModules({ config, database, logger }: { config: Config; database: Database; logger: Pick<Logger, 'error'> }): Modules {
  // Limit refusals and reality-check patterns become the back office's flags on this database.
  const notices = limitFlagNotices(database.db, logger);
  const limits = createLimits({ deposits: depositedSince, settings: limitSettings(config), notices });
  const inducements = createInducements(inducementSettings(config));
  const loyalty = structuredClone(DEFAULT_LOYALTY_SETTINGS);
  const wallet = createWallet({ policies: moneyPolicies(config, { limits, inducements, loyalty }) });
  attachWallet(database.db, wallet);
  // What refer a friend does at a sign-up and a verification on this server's database.
  attachPlayerListeners(database.db, [referralPlayerListeners(referralSettings(config), inducements)]);
  return { wallet, limits, inducements, loyalty };
}
