import { existsSync } from 'node:fs';
import { ConfigurationError, loadConfig } from './config/env';
import { SchemaMismatchError } from './db/schema-version';
import { createLogger } from './logging/logger';
import { startEmerald } from './start';

if (existsSync('.env')) process.loadEnvFile('.env');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigurationError) {
    console.error(`Emerald cannot start.\n${error.message}\nSee .env.example for every variable and its default.`);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config);
try {
  const emerald = await startEmerald(config, logger);
  logger.info(
    { url: emerald.url, role: config.NODE_ROLE, services: config.services, database: emerald.database.driver },
    `Emerald is running at ${emerald.url} as a node of role ${config.NODE_ROLE}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down: not ready, finishing open requests');
    // The bound an orchestrator can rely on (its own kill grace period should be above it).
    setTimeout(() => {
      logger.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    emerald
      .close()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
} catch (error) {
  // A schema this build does not know is the operator's to fix: the message says how, a stack would not.
  if (error instanceof SchemaMismatchError) logger.fatal(`Emerald cannot start. ${error.message}`);
  else logger.fatal({ err: error }, 'Emerald could not start');
  // Let the log transport flush before leaving.
  setTimeout(() => process.exit(1), 200);
}
