import type { Logger } from 'pino';
import type { Config } from './config/env';
import type { Database } from './db/database';
import type { Lifecycle } from './http/lifecycle';
import type { Mailer } from './mail';
// The providers' ports live beside the service context, not inside the modules that use them, so
// that a module's types reach every other module without importing it.
import type { ExclusionRegisterProvider, FinancialCheckProvider, KycProvider, KycProviders, PaymentMethodRegistry, PaymentProviders } from './providers';
import type { Wallet } from './platform/wallet';
import type { Limits } from './platform/limits';
import type { Inducements } from './platform/inducements';

/** What every service plugin is given: configuration, the database, the provider adapters and the modules built in the composition root (server/modules.ts). */
export interface ServiceContext {
  /** The server's wallet: the money policies every movement on its database runs (server/modules.ts). */
  wallet: Wallet;
  /** Responsible gaming's play status, measured on the cashier's deposits (server/modules.ts). */
  limits: Limits;
  /** Inducements closed per jurisdiction (INDUCEMENTS_OFF), which the loyalty, referral and bonus services and the session answer ask (server/modules.ts). */
  inducements: Inducements;
  /**
   * The loyalty programme's rates and levels (server/modules.ts): the loyalty module's
   * LoyaltySettings, written out here because the loyalty module's face reaches this file again.
   */
  loyalty: { rates: Record<string, Record<string, number>>; levels: { name: string; points: number }[] };
  config: Config;
  database: Database;
  startedAt: Date;
  logger: Logger;
  mailer: Mailer;
  /** The identity provider new checks start with (KYC_PROVIDER). */
  kyc: KycProvider;
  /** Every identity provider running here, by id (their webhooks); absent: `kyc` alone. */
  identityProviders?: KycProviders;
  /** The national self-exclusion registers (EXCLUSION_REGISTER_PROVIDER). */
  exclusionRegister: ExclusionRegisterProvider;
  /** The financial vulnerability check provider (FINANCIAL_CHECK_PROVIDER). */
  financialChecks: FinancialCheckProvider;
  /** The payment service providers running here (PAYMENT_PROVIDER, PAYMENT_ROUTING, each provider's keys), by id. */
  payments: PaymentProviders;
  /** The enabled payment methods with their limits (PAYMENT_METHODS) and the provider new payments of each start with (PAYMENT_ROUTING). */
  paymentMethods: PaymentMethodRegistry;
  /** Serving or draining (SIGTERM): the readiness probe and the gateway read it. Absent: always serving. */
  lifecycle?: Lifecycle;
  /**
   * The time staff authenticator codes are checked against. Absent: the wall clock. Tests move it by
   * whole TOTP steps, so a member's next sign-in has an unused step without waiting 30 s for one.
   */
  authenticatorTime?: () => Date;
}
