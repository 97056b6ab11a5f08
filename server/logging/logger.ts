import pino, { stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/env';
import { currentRequestId } from './request-context';

/**
 * What a log line may hold (docs/security.md, "Logs"): method, route template, status, duration,
 * request id and the acting party's id. Never a body, a header, a cookie or a token. Three layers
 * keep it so, whichever module or library writes the line:
 * 1. serializers turn a request, a reply or an error into the few fields above, so passing a whole
 *    Fastify request or reply (as the framework itself does) writes nothing else;
 * 2. redaction paths name the keys a caller might log on purpose, and headers and bodies are
 *    withheld wherever a plain object carries them;
 * 3. a scrub of every finished line, on the root logger's stream and so on every child, replaces
 *    the value of any key that names a secret, at any depth, and any session cookie or bearer token
 *    inside a string (an error message quoting a header, say).
 */
export const redactedPaths = ['req.headers', 'req.body', 'res.headers', '*.password', '*.newPassword', '*.sessionKey', '*.token', '*.cardNumber', '*.cvv'];

/** Query parameters that carry one-time secrets (OpenID codes, reset keys) or personal data. */
const sensitiveQueryParameters = new Set(['code', 'state', 'confirmationCode', 'resetPasswordKey', 'token', 'sessionKey', 'email', 'key', 'secureId']);

/** The request address as logged: sensitive query values replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const parameters = new URLSearchParams(url.slice(at + 1));
  for (const key of new Set(parameters.keys())) if (sensitiveQueryParameters.has(key)) parameters.set(key, '[redacted]');
  return `${url.slice(0, at)}?${parameters.toString()}`;
}

const CENSOR = '[redacted]';

/**
 * JSON keys whose values are secrets or card data wherever they appear. `code` alone is not here
 * (error codes are logged on purpose); the codes that are secrets have longer names.
 */
const SECRET_KEY =
  /^(?:[a-z_-]*(?:password|passwd|secret|token|cookie|authori[sz]ation|session_?key|api_?key|api-key|cvv|cvc|card_?number|secure_?id|totp|confirmation_?code|reset_?password_?key|signature|private_?key|iban)[a-z_-]*|pan|otp|set-cookie|body|headers)$/i;

/** A JSON string value, escapes included. */
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const KEYED_SCALAR = new RegExp(String.raw`("(?:[^"\\]|\\.)*")\s*:\s*(${JSON_STRING}|-?\d[\d.eE+-]*|true|false)`, 'g');

/** Secrets recognisable by their shape inside any string: session cookies and bearer tokens. */
const SECRET_IN_TEXT = [/\b((?:SESSION_KEY|GS_SESSION|BO_SESSION|STAFF_SESSION)=)[^;,"\s\\]+/g, /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi];

/** A finished log line with every secret-named key's value and every recognisable secret replaced. */
export function scrubLogLine(line: string): string {
  let scrubbed = line.replace(KEYED_SCALAR, (whole, key: string) => {
    let name: string;
    try {
      name = JSON.parse(key) as string;
    } catch {
      return whole;
    }
    return SECRET_KEY.test(name) ? `${key}:"${CENSOR}"` : whole;
  });
  for (const pattern of SECRET_IN_TEXT) scrubbed = scrubbed.replace(pattern, `$1${CENSOR}`);
  return scrubbed;
}

/** Keys whose whole value stays out of a line, whatever it holds: requests' and answers' insides. */
const WITHHELD_KEYS = new Set(['headers', 'body', 'rawBody', 'cookies', 'trailers']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * A line's fields with headers and bodies withheld at any depth of plain objects (a library's
 * options object carrying the request's headers, say). Class instances are left to the serializers.
 */
export function withholdInsides(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  if (depth > 4) return fields;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(fields)) {
    let replaced: unknown = value;
    if (WITHHELD_KEYS.has(key) && value !== undefined) replaced = CENSOR;
    else if (isPlainObject(value)) replaced = withholdInsides(value, depth + 1);
    if (replaced !== value) {
      copy ??= { ...fields };
      copy[key] = replaced;
    }
  }
  return copy ?? fields;
}

interface LoggedRequest {
  id?: string;
  method: string;
  url: string;
  routeOptions?: { url?: string };
}

interface LoggedReply {
  statusCode: number;
}

/**
 * One serializer set for every logger: a request is its method and route template (or its
 * redacted address when no route matched), a reply is its status, an error its type, message and
 * stack (scrubbed with the rest of the line).
 */
export const logSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, route: request.routeOptions?.url ?? redactUrl(request.url) }),
  res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
  err: stdSerializers.err,
};

const chindings = pino.symbols.chindingsSym;

/**
 * The request id on every line written while a request's work runs, whichever logger writes it (a
 * module's own, the mailer's): the request's logger binds it already, so it is added only where the
 * logger's bindings lack it (a key twice would be two fields for a log shipper).
 */
function requestIdMixin(_fields: object, _level: number, logger: Logger): object {
  const reqId = currentRequestId();
  if (reqId === undefined) return {};
  const bound = (logger as unknown as Record<symbol, string | undefined>)[chindings];
  return bound?.includes('"reqId":') ? {} : { reqId };
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'logFormat'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    base: { service: 'emerald' },
    redact: { paths: redactedPaths, censor: CENSOR },
    serializers: logSerializers,
    formatters: { log: withholdInsides },
    mixin: requestIdMixin,
    hooks: { streamWrite: scrubLogLine },
  };
  if (destination) return pino(options, destination);
  return pino({
    ...options,
    ...(config.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' } } }
      : {}),
  });
}

export type { Logger };
