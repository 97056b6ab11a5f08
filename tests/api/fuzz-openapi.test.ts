import fc from 'fast-check';
import { errorCatalogue } from '../../contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_WEBHOOK_SECRET } from '../../server/config/payment-webhook-secret';
import { DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET, signWalletBody } from '../../server/platform/wallet/provider-signature';
import { signWebhookBody } from '../../server/sandbox/payments/webhook-protocol';
import { gameClient } from '../support/game-play';
import { startServerWithOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { columnsWrittenByEveryRequest, tableDigest, type TableDigest } from '../support/table-digest';
import type { TestServer } from '../support/test-server';

/**
 * Issue 11, "done when": a property-based test sends malformed bodies and queries to every
 * operation of the OpenAPI document — wrong types, NUL and unpaired surrogates, huge numbers, hex
 * and exponent strings, deep objects, missing and extra fields, arrays for objects, very long
 * strings, unreadable JSON — without and with a valid session (and, for the seamless wallet and
 * the payment webhook, a valid signature). No answer may be 500 or more, no row may change, and
 * every refusal carries a code of the error catalogue (never the catch-all BAD_REQUEST).
 *
 * The only columns left out of the comparison are in `columnsWrittenByEveryRequest` (a session's
 * idle timer). Operations that take no input at all (logout, confirmDisplayDepositLimits) cannot be
 * sent a malformed field, so with a session they are sent only unreadable bodies — a readable one
 * is simply their ordinary call.
 *
 * Deterministic: a fixed seed and a bounded number of runs per operation and session
 * (FUZZ_RUNS, default 10; FUZZ_SEED to explore another sequence).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const SLOT = 'SR-3001';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

/** A request as sent: path parameters already in `url`; the body as raw text when there is one. */
interface FuzzRequest {
  url: string;
  body?: string;
  contentType?: string;
  /** What was malformed, for the failure message. */
  what: string;
}

// ---------------------------------------------------------------------------------------------
// Plausible values: as valid as the schema lets us guess, so that the one malformed part is what
// the server has to refuse (a request invalid everywhere would only test the first check).

const PLAUSIBLE_STRINGS = ['SR-3001', 'abcdefgh12', 'someone@example.test', 'IE', '353861234567', 'GET_QUOTE', '2024-01-01', 'en', 'D02 X285', 'abc'];

let knownPlayerId = '00000000-0000-4000-8000-000000000000';

function variants(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? (schema.allOf ? [Object.assign({}, ...schema.allOf) as JsonSchema] : [schema]);
}

function mainType(schema: JsonSchema): string | undefined {
  const first = variants(schema).find((variant) => variant.type !== 'null') ?? schema;
  if (first.enum) return 'enum';
  return Array.isArray(first.type) ? first.type.find((type) => type !== 'null') : first.type;
}

function plausible(schema: JsonSchema, name = ''): unknown {
  const chosen = variants(schema).find((variant) => variant.type !== 'null') ?? schema;
  if (chosen.const !== undefined) return chosen.const;
  if (chosen.enum) return chosen.enum[0];
  switch (mainType(chosen)) {
    case 'string': {
      if (chosen.format === 'uuid') return /player/i.test(name) ? knownPlayerId : '3f1c1a1e-9a4b-4c3d-8e2f-1a2b3c4d5e6f';
      if (chosen.format === 'date') return '2024-01-01';
      if (chosen.format === 'email' || /email/i.test(name)) return 'someone@example.test';
      const min = chosen.minLength ?? 1;
      const max = chosen.maxLength ?? 64;
      const pattern = chosen.pattern ? new RegExp(chosen.pattern) : undefined;
      const candidate = PLAUSIBLE_STRINGS.find((text) => text.length >= min && text.length <= max && (!pattern || pattern.test(text)));
      return candidate ?? 'a'.repeat(Math.min(Math.max(min, 3), max));
    }
    case 'integer':
      return Math.max(1, typeof chosen.minimum === 'number' ? chosen.minimum : 1);
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, chosen.minItems ?? 1) }, () => plausible(chosen.items ?? {}, name));
    case 'object':
    default: {
      if (!chosen.properties) return {};
      return Object.fromEntries(Object.entries(chosen.properties).map(([key, property]) => [key, plausible(property, key)]));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Malformed values, by the type the schema asks for.

const NUL = 'x\u0000y';
const LONE_SURROGATE = 'x\ud800y';
const LONG = 'a'.repeat(100_001);
const deep = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
};

const anyJunk = fc.constantFrom<unknown>(null, true, 0, -1, 2 ** 64, 1e308, -1e308, '', NUL, LONE_SURROGATE, '0x14', [], {}, [[[]]], { $gt: '' }, deep(40));

function malformedFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = mainType(schema);
  const nullable = schema.nullable === true || variants(schema).some((variant) => variant.type === 'null');
  const wrongTypes: unknown[] = [{}, [], ...(nullable ? [] : [null])];
  switch (type) {
    case 'string':
    case 'enum':
      return fc.constantFrom<unknown>(NUL, LONE_SURROGATE, LONG, 12345, true, 'NOT_A_VALUE\u0000', ...wrongTypes, [plausible(schema)]);
    case 'integer':
    case 'number':
      return fc.constantFrom<unknown>(
        '0x14',
        '2e1',
        ' 20 ',
        '+20',
        '1e3',
        NUL,
        2 ** 64,
        2 ** 53,
        2 ** 31,
        Number.MAX_SAFE_INTEGER,
        1e308,
        -1,
        -(2 ** 63),
        0.001,
        1.5,
        true,
        ...wrongTypes,
      );
    case 'boolean':
      return fc.constantFrom<unknown>('true', 'yes', 1, 0, NUL, ...wrongTypes);
    case 'array':
      return fc.constantFrom<unknown>(
        {},
        'x',
        NUL,
        1,
        ...(nullable ? [] : [null]),
        [NUL],
        [2 ** 64],
        [deep(30)],
        Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => plausible(schema.items ?? {})),
      );
    default:
      return fc.constantFrom<unknown>([], 'x', NUL, 1, true, ...(nullable ? [] : [null]), [plausible(schema)], { [NUL]: 1 }, deep(50));
  }
}

/** Every place inside a plausible value that has a schema: ["consents", 0, "consentVersionId"]… */
function leafPaths(schema: JsonSchema, prefix: (string | number)[] = []): { path: (string | number)[]; schema: JsonSchema; required: boolean }[] {
  const chosen = variants(schema).find((variant) => variant.type !== 'null') ?? schema;
  const type = mainType(chosen);
  if (type === 'object' && chosen.properties) {
    return Object.entries(chosen.properties).flatMap(([key, property]) => [
      { path: [...prefix, key], schema: property, required: chosen.required?.includes(key) ?? false },
      ...leafPaths(property, [...prefix, key]),
    ]);
  }
  if (type === 'array' && chosen.items) return leafPaths(chosen.items, [...prefix, 0]);
  return [];
}

function setAt(target: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let cursor = copy;
  for (const step of path.slice(0, -1)) cursor = cursor[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete cursor[last];
  else cursor[last] = value;
  return copy;
}

const extraFields = fc.dictionary(fc.constantFrom('extra', 'isAdmin', 'roles', 'balance', 'playerId', 'id', NUL, 'constructor'), anyJunk, { maxKeys: 3 });

/** Malformed JSON bodies for an operation whose body has `schema`. */
function malformedBodies(schema: JsonSchema): fc.Arbitrary<{ body: string; what: string }> {
  const base = plausible(schema) as Record<string, unknown>;
  const paths = leafPaths(schema);
  const fieldMutations =
    paths.length === 0
      ? []
      : [
          fc.tuple(fc.constantFrom(...paths), fc.boolean(), extraFields).chain(([leaf, remove, extras]) =>
            (remove && leaf.required ? fc.constant<unknown>(undefined) : malformedFor(leaf.schema)).map((value) => {
              const removing = remove && leaf.required;
              const mutated = setAt(base, leaf.path, value, removing) as Record<string, unknown>;
              const withExtras = leaf.path.length === 1 && typeof mutated === 'object' ? { ...extras, ...mutated } : mutated;
              return {
                body: JSON.stringify(withExtras),
                what: `${leaf.path.join('.')} ${removing ? 'missing' : `= ${JSON.stringify(value)?.slice(0, 60)}`} (+${Object.keys(extras).length} extra)`,
              };
            }),
          ),
        ];
  // Mostly one malformed field among plausible ones; sometimes a body that is not the object at all.
  return fc.oneof(...fieldMutations.map((arbitrary) => ({ arbitrary, weight: 3 })), { arbitrary: wholeBodyJunk(base), weight: 1 });
}

/** Bodies that are not the object the operation reads at all. */
function wholeBodyJunk(base: unknown): fc.Arbitrary<{ body: string; what: string }> {
  return fc.oneof(
    fc.constantFrom(
      { body: JSON.stringify([base]), what: 'array for object' },
      { body: '"a string"', what: 'string body' },
      { body: '12345678901234567890123', what: 'huge number body' },
      { body: 'null', what: 'null body' },
      { body: '{"a":', what: 'unreadable JSON' },
      { body: '{"__proto__":{"isAdmin":true}}', what: '__proto__ key' },
      { body: '{"constructor":{"prototype":{"isAdmin":true}}}', what: 'constructor.prototype key' },
      { body: '\u0000', what: 'NUL body' },
      { body: JSON.stringify({ ...(base as object), x: LONG }), what: 'very long extra field' },
    ),
    fc.integer({ min: 100, max: 5_000 }).map((depth) => ({ body: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, what: `object nested ${depth} deep` })),
    fc.integer({ min: 100, max: 5_000 }).map((depth) => ({ body: `${'['.repeat(depth)}${']'.repeat(depth)}`, what: `array nested ${depth} deep` })),
  );
}

/** Only unreadable bodies: for operations that take no input, where any readable body is their ordinary call. */
const unreadableBodies = fc.constantFrom(
  { body: '{"a":', what: 'unreadable JSON' },
  { body: '\u0000', what: 'NUL body' },
  { body: `${'['.repeat(3000)}`, what: 'unclosed arrays' },
);

// ---------------------------------------------------------------------------------------------
// Query strings and path parameters.

const QUERY_JUNK = ['x%00y', '%ED%A0%80', '0x14', '1e308', '2e1', '-1', '99999999999999999999', '%20%2B20%20', '', '%ZZ', 'a'.repeat(10_000), 'NOT_A_VALUE'];

function plausibleQueryValue(parameter: Parameter): string {
  return encodeURIComponent(String(plausible(parameter.schema, parameter.name)));
}

function malformedQueries(parameters: Parameter[]): fc.Arbitrary<{ query: string; what: string }> {
  const declared = parameters.filter((parameter) => parameter.in === 'query');
  const junk = fc.constantFrom(...QUERY_JUNK);
  const extras = fc.array(fc.tuple(fc.constantFrom('extra', 'page', 'x%00', 'a[b]', 'id'), junk), { maxLength: 2 });
  if (declared.length === 0) {
    return extras.map((pairs) => ({
      query: pairs.map(([key, value]) => `${key}=${value}`).join('&'),
      what: `extra query ${pairs.map(([key]) => key).join(',')}`,
    }));
  }
  return fc
    .tuple(fc.constantFrom(...declared), fc.constantFrom<'junk' | 'missing' | 'twice'>('junk', 'junk', 'junk', 'missing', 'twice'), junk, extras)
    .map(([target, how, value, pairs]) => {
      const parts: string[] = [];
      for (const parameter of declared) {
        if (parameter !== target) parts.push(`${parameter.name}=${plausibleQueryValue(parameter)}`);
        else if (how === 'junk') parts.push(`${parameter.name}=${value}`);
        else if (how === 'twice') parts.push(`${parameter.name}=${plausibleQueryValue(parameter)}`, `${parameter.name}=${value}`);
      }
      parts.push(...pairs.map(([key, extra]) => `${key}=${extra}`));
      return { query: parts.join('&'), what: `query ${target.name} ${how} ${how === 'missing' ? '' : value.slice(0, 40)}` };
    });
}

const PATH_JUNK = ['x%00y', '%ED%A0%80', 'a'.repeat(5_000), '%ZZ', '..%2F..%2Fetc%2Fpasswd', '0x14', '99999999999999999999', '-1'];

function withPath(path: string, parameters: Parameter[], junkIndex: number | undefined): string {
  let index = 0;
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    const value =
      junkIndex !== undefined && index === 0 ? PATH_JUNK[junkIndex]! : encodeURIComponent(String(plausible(parameter?.schema ?? { type: 'string' }, name)));
    index += 1;
    return value;
  });
}

// ---------------------------------------------------------------------------------------------

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** Operations that read no input, whose ordinary call is any readable request. */
const takesNoInput = (operation: Operation) => operation.method !== 'GET' && !operation.body && operation.parameters.length === 0;

function requestsFor(operation: Operation, signedIn: boolean): fc.Arbitrary<FuzzRequest> {
  const hasPathParameters = operation.path.includes('{');
  const pathChoice = hasPathParameters ? fc.option(fc.integer({ min: 0, max: PATH_JUNK.length - 1 }), { freq: 2 }) : fc.constant(null);
  const query = malformedQueries(operation.parameters);
  if (operation.method === 'GET') {
    return fc.tuple(pathChoice, query).map(([junk, { query: text, what }]) => ({
      url: `${withPath(operation.path, operation.parameters, junk ?? undefined)}${text ? `?${text}` : ''}`,
      what: junk === null ? what : `path ${PATH_JUNK[junk]!.slice(0, 30)}; ${what}`,
    }));
  }
  const bodies = operation.body ? malformedBodies(operation.body) : takesNoInput(operation) && signedIn ? unreadableBodies : wholeBodyJunk({});
  const contentType =
    takesNoInput(operation) && signedIn
      ? fc.constant('application/json')
      : fc.constantFrom('application/json', 'application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded');
  return fc.tuple(pathChoice, bodies, contentType, fc.boolean()).map(([junk, body, type, withQuery]) => ({
    url: `${withPath(operation.path, operation.parameters, junk ?? undefined)}${withQuery ? '?extra=x%00y' : ''}`,
    body: body.body,
    contentType: type,
    what: `${junk === null ? '' : `path ${PATH_JUNK[junk]!.slice(0, 30)}; `}${type}: ${body.what}`,
  }));
}

let server: TestServer;
let oidc: TestOidcProvider;
let operations: Operation[];
let signedInCookie: string;
let playerForInputlessCalls: string;

beforeAll(async () => {
  // Social sign-in is configured, so its callback reads its input instead of answering 503 for a
  // provider that is not there.
  ({ provider: oidc, server } = await startServerWithOidcProvider());
  const player = await server.createSignedInPlayer({ currencies: ['EUR'] });
  knownPlayerId = player.partyId;
  await server.fundPlayer(player.partyId, 100_000n);
  const game = await gameClient(server).openGame(player.cookie, SLOT, true);
  signedInCookie = `${player.cookie}; ${game.cookie}`;
  // Logout ends the session it is called with: those calls get a session of their own.
  playerForInputlessCalls = (await server.createSignedInPlayer({ currencies: ['EUR'] })).cookie;
  const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as Parameters<typeof operationsOf>[0];
  operations = operationsOf(document);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

/** The answer's status and, for a JSON error answer, its catalogue code. */
async function send(operation: Operation, request: FuzzRequest, cookie: string | undefined): Promise<{ status: number; code?: string }> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  if (cookie && request.body !== undefined && operation.path.startsWith('/ps/wallet/')) {
    headers['x-wallet-provider'] = DEVELOPMENT_PROVIDER_ID;
    headers['x-wallet-signature'] = signWalletBody(DEVELOPMENT_PROVIDER_SECRET, request.body);
  }
  if (cookie && request.body !== undefined && operation.path.startsWith('/ps/cashier/webhook/')) {
    headers['x-sandbox-signature'] = signWebhookBody(DEVELOPMENT_WEBHOOK_SECRET, request.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(`${server.url}${request.url}`, { method: operation.method, headers, body: request.body, signal: controller.signal });
    // balanceEvents is a stream that stays open: its status is all that is needed.
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status };
    }
    const text = await response.text();
    if (response.status < 400 || !response.headers.get('content-type')?.includes('json')) return { status: response.status };
    return { status: response.status, code: (JSON.parse(text) as { status?: string }).status };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Refused attempts are counted on purpose: a well-formed reset or sign-in with a wrong key or
 * password adds to its throttle counter (brute-force protection, DEF-07), whatever else it carries.
 */
const attemptCounters = ['throttle_bucket'];

function changedTables(before: TableDigest, after: TableDigest): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => !attemptCounters.includes(table) && before[table] !== after[table]);
}

describe('issue 11: malformed input to every operation of the OpenAPI document', () => {
  it('reads the document: every operation is fuzzed', () => {
    expect(operations.length).toBeGreaterThanOrEqual(80);
    // The only exclusions from the row comparison, each justified where it is declared.
    expect(Object.keys(columnsWrittenByEveryRequest)).toEqual(['player_session']);
  });

  /** Sends one operation's malformed requests; answers the failures (>= 500) and what was sent. */
  async function fuzzOperation(operation: Operation, index: number, signedIn: boolean): Promise<{ failures: string[]; sent: string[]; accepted: boolean }> {
    const name = `${operation.method} ${operation.path}`;
    const cookie = signedIn ? (takesNoInput(operation) ? playerForInputlessCalls : signedInCookie) : undefined;
    const failures: string[] = [];
    const sent: string[] = [];
    let accepted = false;
    await fc.assert(
      fc.asyncProperty(requestsFor(operation, signedIn), async (request) => {
        const { status, code } = await send(operation, request, cookie);
        sent.push(`${status} ${code ?? ''} ${request.url.slice(0, 80)} ${request.what}`);
        if (status < 400) accepted = true;
        if (status >= 500) failures.push(`${name}: ${status} for ${request.what} (${request.url.slice(0, 100)})`);
        // Every refusal says which one it is: a code of the catalogue, never the catch-all BAD_REQUEST.
        // 431 is Node's own answer, before any of ours, to a request line and headers over 16 KB (a very long query).
        if (status >= 400 && status !== 431 && (code === undefined || code === 'BAD_REQUEST' || !(code in errorCatalogue)))
          failures.push(`${name}: ${status} ${code ?? 'without a code'} for ${request.what}`);
      }),
      { seed: SEED + index * 2 + Number(signedIn), numRuns: RUNS, endOnFailure: true },
    );
    return { failures, sent, accepted };
  }

  for (const signedIn of [false, true]) {
    it(`no answer >= 500 and no row changed, ${signedIn ? 'with a valid session and signature' : 'without a session'}`, async () => {
      const failures: string[] = [];
      // One digest around the whole pass keeps the test fast; only when rows changed is each
      // operation sent its requests again between digests of its own, to name the culprit.
      const before = await tableDigest(server.db);
      for (const [index, operation] of operations.entries()) failures.push(...(await fuzzOperation(operation, index, signedIn)).failures);
      const changed = changedTables(before, await tableDigest(server.db));
      if (changed.length > 0) {
        // A request an operation accepted (2xx: a well-formed body with an extra field, which
        // schemas ignore) is its ordinary call and may change rows; a refused one never may.
        const explained = new Set<string>();
        for (const [index, operation] of operations.entries()) {
          const own = await tableDigest(server.db);
          const { sent, accepted } = await fuzzOperation(operation, index, signedIn);
          const ownChanges = changedTables(own, await tableDigest(server.db));
          for (const table of ownChanges) explained.add(table);
          if (ownChanges.length > 0 && !accepted)
            failures.push(`${operation.method} ${operation.path}: rows changed in ${ownChanges.join(', ')} after:\n    ${sent.join('\n    ')}`);
        }
        const unexplained = changed.filter((table) => !explained.has(table));
        if (unexplained.length > 0) failures.push(`rows changed in ${unexplained.join(', ')}, by no operation alone`);
      }
      expect(failures, failures.join('\n')).toEqual([]);
      // Time grows with the document (over 190 operations × RUNS requests, twice when rows changed)
      // and with what else the two cores are running; the test is about answers, never speed.
    }, 600_000);
  }
});
