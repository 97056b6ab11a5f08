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

/** Query parameters that carry one-time secrets (OpenID codes, reset keys) or personal data. */
const sensitiveQueryParameters = new Set(['code', 'state', 'confirmationCode', 'resetPasswordKey', 'token', 'sessionKey', 'email']);

/** The request address as logged: sensitive query values replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parameters = new URLSearchParams(url.slice(at + 1));
  for (const key of new Set(parameters.keys())) if (sensitiveQueryParameters.has(key)) parameters.set(key, '[redacted]');
  return `${url.slice(0, at)}?${parameters.toString()}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  host?: string;
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'logFormat'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'emerald' },
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }),
    },
    ...(config.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' } } }
      : {}),
  });
}

export type { Logger };
