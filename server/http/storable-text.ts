import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * Text PostgreSQL cannot store — NUL (U+0000), which `text` refuses, and an unpaired UTF-16
 * surrogate, which is not UTF-8 at all — is refused once, here, for every operation, instead of
 * failing deep in a query with a 500 (issue 11, defect 2). Body, query and path are all read.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Contains a character that cannot be stored (NUL or an unpaired surrogate)';

// An unpaired surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !unpairedSurrogate.test(text);

interface Visit {
  value: unknown;
  /** The key or index that led here, and the visit it came from: the path is built only when needed. */
  key: string | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit | undefined, last?: string): string {
  const parts: string[] = last === undefined ? [] : [last];
  for (let at = visit; at?.key !== undefined; at = at.parent) parts.push(at.key);
  return parts.reverse().join('.');
}

/** Where an unstorable string sits in a parsed input, as the field name answers use ("consents.0.key"). */
export function findUnstorableText(input: unknown): string | undefined {
  // Iterative, and linear in the size of the input however deep it is nested: a 1 MB body of
  // nested arrays must cost no more to read than a flat one.
  const pending: Visit[] = [{ value: input, key: undefined, parent: undefined }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push({ value: value[index], key: String(index), parent: visit });
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        // A key is text too; the field is named with the bad characters escaped.
        if (!isStorableText(key)) return pathOf(visit, JSON.stringify(key).slice(1, -1));
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return undefined;
}

const receivedInput = Symbol('received input');
type WithReceivedInput = FastifyRequest & { [receivedInput]?: { params: unknown; query: unknown; body: unknown } };

/**
 * The input is taken as received (before the route's schema strips or transforms it) and checked
 * just before the handler. Checking after validation rather than before keeps every route's own
 * pre-validation step first: the seamless wallet checks its HMAC over the raw body before anything
 * else is said about the body.
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  // Callback hooks, not async ones: they run on every request, the game rounds' hot path included.
  app.addHook('preValidation', (request: WithReceivedInput, _reply, done) => {
    request[receivedInput] = { params: request.params, query: request.query, body: request.body };
    done();
  });
  app.addHook('preHandler', (request: WithReceivedInput, _reply, done) => {
    const received = request[receivedInput] ?? { params: request.params, query: request.query, body: request.body };
    for (const part of ['params', 'query', 'body'] as const) {
      const field = findUnstorableText(received[part]);
      if (field !== undefined) {
        const name = field || part;
        done(new AppError('VALIDATION_ERROR', `${name}: ${UNSTORABLE_TEXT_MESSAGE}`, [{ field: name, error: UNSTORABLE_TEXT_MESSAGE }]));
        return;
      }
    }
    done();
  });
}
