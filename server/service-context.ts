import type { Logger } from 'pino';
import type { Config } from './config/env';
import type { Database } from './db/database';
import type { Mailer } from './mail';
import type { PaymentMethodRegistry, PaymentProvider } from './platform/cashier';
import type { KycProvider } from './platform/kyc';
import type { ExclusionRegisterProvider } from './platform/exclusion-register';

/** What every service plugin is given: configuration, the database and the provider adapters. */
export interface ServiceContext {
  config: Config;
  database: Database;
  startedAt: Date;
  logger: Logger;
  mailer: Mailer;
  kyc: KycProvider;
  /** The national self-exclusion registers (EXCLUSION_REGISTER_PROVIDER). */
  exclusionRegister: ExclusionRegisterProvider;
  /** The payment service provider the cashier uses (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
  /** The enabled payment methods with their limits (PAYMENT_METHODS). */
  paymentMethods: PaymentMethodRegistry;
}
