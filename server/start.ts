import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import { attachBus, connectNatsBus, type NatsBus } from './bus/nats-bus';
import type { Config } from './config/env';
import { localUrl } from './config/local-url';
import { openDatabase, type Database } from './db/database';
import { checkSchema } from './db/schema-version';
import { createLifecycle, type Lifecycle } from './http/lifecycle';
import { moduleLogger } from './logging/module-loggers';
import { createMailer } from './mail';
import { createPaymentMethodRegistry, createPaymentProviders } from './platform/cashier';
import { createKycProviders } from './platform/kyc';
import { createExclusionRegister } from './platform/exclusion-register';
import { createFinancialCheckProvider } from './platform/financial-checks';
import { createModules } from './modules';
import { seedDemoContentOnce } from './seed';
import type { ServiceContext } from './service-context';

export interface RunningEmerald {
  app: FastifyInstance;
  database: Database;
  /** What the services were given (tests call services and jobs with it). */
  context: ServiceContext;
  /** The address the server listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Serving or draining; `close` starts the drain. */
  lifecycle: Lifecycle;
  /**
   * Stops gracefully: /readyz answers 503 at once, the node keeps serving for SHUTDOWN_DRAIN_MS,
   * then stops listening, closes the gateway's sockets with 1012, finishes the requests in flight,
   * stops its timers and closes the database.
   */
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it, loads demo content into an empty one and starts listening.
 * A database may be passed in (tests pass one cloned from a snapshot).
 */
/** After the listener closes, how long connections other than WebSockets get to end by themselves before idle ones are closed. */
const LISTENER_SETTLE_MS = 5_000;

export async function startEmerald(
  config: Config,
  logger: Logger,
  given?: Database,
  options: Pick<ServiceContext, 'authenticatorTime'> = {},
): Promise<RunningEmerald> {
  const database = given ?? (await openDatabase(config));
  if (database.driver === 'pglite') {
    logger.warn(
      { dataDir: config.dataDir },
      'using the embedded database (PGlite): it does not flush commits to disk and is for trying Emerald, not for real money; set DATABASE_URL to use PostgreSQL',
    );
  }
  let bus: NatsBus | undefined;
  let detachBus = () => {};
  try {
    // A database migrated by a newer build is refused before anything reads it; with
    // MIGRATE_ON_START=false one still missing migrations is refused too (npm run db:migrate first).
    await checkSchema(database.db, { willMigrate: config.MIGRATE_ON_START });
    if (config.MIGRATE_ON_START) await database.migrate();
    if (config.SEED_DEMO_CONTENT) await seedDemoContentOnce(database.db, moduleLogger(logger, 'seed'));
    if (config.BUS_URL) {
      // Before the services start, so every event and notice of this node goes through it.
      bus = await connectNatsBus({
        url: config.BUS_URL,
        namespace: config.BUS_NAMESPACE,
        retentionMs: config.REALTIME_EVENT_RETENTION_HOURS * 3_600_000,
        logger: moduleLogger(logger, 'bus'),
      });
      detachBus = attachBus(database.db, bus);
    }
    const lifecycle = createLifecycle();
    const identityProviders = createKycProviders(config, database.db, moduleLogger(logger, 'kyc'));
    const context: ServiceContext = {
      ...createModules({ config, database, logger }),
      lifecycle,
      config,
      database,
      startedAt: new Date(),
      logger,
      mailer: createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: moduleLogger(logger, 'mail') }),
      kyc: identityProviders.active,
      identityProviders,
      exclusionRegister: createExclusionRegister(config, { logger: moduleLogger(logger, 'exclusion-register') }),
      financialChecks: createFinancialCheckProvider(config.FINANCIAL_CHECK_PROVIDER),
      payments: createPaymentProviders(config, database.db),
      paymentMethods: createPaymentMethodRegistry(config),
      ...options,
    };
    const app = await buildApp(context, logger);
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = localUrl(config.HOST, port);
    return {
      app,
      database,
      context,
      url,
      lifecycle,
      async close() {
        lifecycle.startDraining();
        if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
        // Stop accepting first, and only then close the idle connections (app.close): a connection a
        // proxy opened in the drain may hold a request this node has not read yet (a busy node reads
        // late), which closing it as idle would cut (a POST the proxy cannot send elsewhere: a 502).
        // So the node waits, up to LISTENER_SETTLE_MS, for every connection but its WebSockets to end:
        // each answer now carries `Connection: close`, and a proxy closes its idle pooled ones itself.
        // While the listener is gone a proxy's new connection is refused, which it may retry elsewhere.
        // Only with a drain (a node behind a balancer): without one nothing is sent its way any more.
        if (config.SHUTDOWN_DRAIN_MS > 0 && app.server.listening) {
          // net's close, not http's (which closes idle connections too); its callback would wait for every connection.
          Server.prototype.close.call(app.server);
          // At most half of what the shutdown's bound leaves after the drain, so the rest still fits in it.
          const until = Date.now() + Math.min(LISTENER_SETTLE_MS, (config.SHUTDOWN_TIMEOUT_MS - config.SHUTDOWN_DRAIN_MS) / 2);
          const webSockets = () => (app as { websocketServer?: { clients: Set<unknown> } }).websocketServer?.clients.size ?? 0;
          const connections = () => new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));
          while (Date.now() < until && (await connections()) > webSockets()) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await app.close();
        // After the app: its last commits' events and notices are published before the bus drains.
        if (bus) {
          detachBus();
          await bus.close();
        }
        await database.close();
      },
    };
  } catch (error) {
    if (bus) {
      detachBus();
      await bus.close().catch(() => undefined);
    }
    await database.close().catch(() => undefined);
    throw error;
  }
}
