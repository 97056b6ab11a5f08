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

/** Where an unstorable string sits in a parsed input, as the field name answers use ("consents.0.key"). */
export function findUnstorableText(input: unknown): string | undefined {
  // Iterative, so that a deeply nested body cannot overflow the stack.
  const pending: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path.join('.');
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, String(index)] }));
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [key, item] of Object.entries(value)) {
        // A key is text too; the field is named with the bad characters escaped.
        if (!isStorableText(key)) return [...path, JSON.stringify(key).slice(1, -1)].join('.');
        pending.push({ value: item, path: [...path, key] });
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
  app.addHook('preValidation', async (request: WithReceivedInput) => {
    request[receivedInput] = { params: request.params, query: request.query, body: request.body };
  });
  app.addHook('preHandler', async (request: WithReceivedInput) => {
    const received = request[receivedInput] ?? { params: request.params, query: request.query, body: request.body };
    for (const part of ['params', 'query', 'body'] as const) {
      const field = findUnstorableText(received[part]);
      if (field !== undefined) {
        const name = field || part;
        throw new AppError('VALIDATION_ERROR', `${name}: ${UNSTORABLE_TEXT_MESSAGE}`, [{ field: name, error: UNSTORABLE_TEXT_MESSAGE }]);
      }
    }
  });
}
