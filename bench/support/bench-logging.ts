import { mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../server/config/env';
import { createLogger, type Logger } from '../../server/logging/logger';
import { LOG_LEVELS, type LogLevel } from '../../server/logging/module-loggers';

/**
 * How a bench's server logs (issue 32): as an operator runs it, at `info` by default, through the
 * server's own logger (redaction, request ids, one line per request) into a file — as a log shipper
 * would take it — not to the terminal. `--log-level <level>` (or BENCH_LOG_LEVEL) picks another;
 * every bench prints the level its figures were measured at.
 */
export function benchLogLevel(argv: readonly string[] = process.argv): LogLevel {
  const at = argv.indexOf('--log-level');
  const asked = at >= 0 ? argv[at + 1] : process.env.BENCH_LOG_LEVEL;
  if (asked === undefined) return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(asked)) throw new Error(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  return asked as LogLevel;
}

export interface BenchLogging {
  level: LogLevel;
  logger: Logger;
  /** Where the lines go. */
  file: string;
  /** "info → /tmp/…/games-info.log (2.1 MB)": what the figures were measured with. */
  describe(): string;
}

/** The server's logger at `level`, writing to a file of the bench's own. */
export function benchLogging(bench: string, level: LogLevel = benchLogLevel()): BenchLogging {
  const config = loadConfig({ LOG_LEVEL: level, LOG_FORMAT: 'json' });
  // Even `silent` writes to a file: the audit chain's own lines cannot be silenced (module-loggers.ts).
  const directory = path.join(os.tmpdir(), 'emerald-bench-logs');
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${bench}-${level}-${process.pid}.log`);
  const logger = createLogger(config, pino.destination({ dest: file, sync: false, mkdir: true }));
  return {
    level,
    logger,
    file,
    describe() {
      logger.flush();
      const size = (() => {
        try {
          return statSync(file).size;
        } catch {
          return 0;
        }
      })();
      return `${level === 'silent' ? 'silent (the audit chain’s lines only)' : level} → ${file} (${(size / 1024 / 1024).toFixed(1)} MB)`;
    },
  };
}
