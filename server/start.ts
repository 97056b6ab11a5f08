import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import type { Config } from './config/env';
import { localUrl } from './config/local-url';
import { openDatabase, type Database } from './db/database';
import { moduleLogger } from './logging/module-loggers';
import { createMailer } from './mail';
import { createPaymentMethodRegistry, createPaymentProvider } from './platform/cashier';
import { createKycProvider } from './platform/kyc';
import { createExclusionRegister } from './platform/exclusion-register';
import { seedDemoContentOnce } from './seed';
import type { ServiceContext } from './service-context';

export interface RunningEmerald {
  app: FastifyInstance;
  database: Database;
  /** The address the server listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it, loads demo content into an empty one and starts listening.
 * A database may be passed in (tests pass one cloned from a snapshot).
 */
export async function startEmerald(config: Config, logger: Logger, given?: Database): Promise<RunningEmerald> {
  const database = given ?? (await openDatabase(config));
  if (database.driver === 'pglite') {
    logger.warn(
      { dataDir: config.dataDir },
      'using the embedded database (PGlite): it does not flush commits to disk and is for trying Emerald, not for real money; set DATABASE_URL to use PostgreSQL',
    );
  }
  try {
    await database.migrate();
    if (config.SEED_DEMO_CONTENT) await seedDemoContentOnce(database.db, moduleLogger(logger, 'seed'));
    const context: ServiceContext = {
      config,
      database,
      startedAt: new Date(),
      logger,
      mailer: createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: moduleLogger(logger, 'mail') }),
      kyc: createKycProvider(config.KYC_PROVIDER),
      exclusionRegister: createExclusionRegister(config.EXCLUSION_REGISTER_PROVIDER),
      payments: createPaymentProvider(config, database.db),
      paymentMethods: createPaymentMethodRegistry(config),
    };
    const app = await buildApp(context, logger);
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = localUrl(config.HOST, port);
    return {
      app,
      database,
      url,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
