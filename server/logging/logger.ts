import pino, { type Logger } from 'pino';
import type { Config } from '../config/env';

/** Paths that may carry secrets; pino replaces them before a line is written. */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.sessionKey',
  '*.token',
  '*.cardNumber',
  '*.cvv',
];

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'logFormat'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'emerald' },
    redact: { paths: redactedPaths, censor: '[redacted]' },
    ...(config.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' } } }
      : {}),
  });
}

export type { Logger };
