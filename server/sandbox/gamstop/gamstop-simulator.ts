import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for GAMSTOP's v2 API as operators integrate it (issue 29 item 6), so the adapter
 * can be tested and tried without the real register:
 *
 * - `POST /v2`, form-encoded firstName, lastName, dateOfBirth (YYYY-MM-DD), email, postcode, mobile,
 *   with `X-API-Key`: 200 with `X-Exclusion: Y|N|P` and `X-Unique-Id`.
 * - `POST /v2/batch`, a JSON array of at most 1,000 such objects with a `correlationId` each, under
 *   256 KB: 200 with a JSON array of `{ correlationId, exclusion, uniqueId }`. At most one batch a
 *   second on average (a bucket of `batchBurst` that refills one a second): past that 429 with
 *   `Retry-After`.
 * - A wrong or missing key: 403. A malformed request: 400. `setOutage(true)`: 503 to everything.
 *
 * It answers from a list of people (`GamstopPerson`): a field a person leaves out matches anything,
 * so `{ lastName: 'Gamstop', exclusion: 'Y' }` excludes every Gamstop. The clock is injectable so
 * that tests share one fake clock between the simulator's rate limit and the adapter's pacing.
 */

export type GamstopExclusion = 'Y' | 'N' | 'P';

export interface GamstopPerson {
  firstName?: string;
  lastName?: string;
  /** YYYY-MM-DD. */
  dateOfBirth?: string;
  email?: string;
  postcode?: string;
  exclusion: Exclude<GamstopExclusion, 'N'>;
}

/** One request the simulator answered, for tests to read the traffic (never the key). */
export interface GamstopRequestRecord {
  /** The simulator clock's time when the request arrived. */
  at: number;
  path: string;
  status: number;
  /** The size of the body in bytes. */
  bytes: number;
  /** People asked about (1 for a single check; the array's length for a batch that was read). */
  people: number;
}

export interface GamstopSimulatorOptions {
  apiKey: string;
  people?: readonly GamstopPerson[];
  /** Milliseconds; default Date.now. */
  now?: () => number;
  /** Batches allowed at once before the one-a-second pace applies (default 1). */
  batchBurst?: number;
  /** Milliseconds a batch token takes to come back (default 1000: one a second). */
  batchIntervalMs?: number;
}

export interface GamstopSimulator {
  /** http://127.0.0.1:PORT, without a trailing slash. */
  url: string;
  requests: GamstopRequestRecord[];
  setOutage(down: boolean): void;
  close(): Promise<void>;
}

/** The people the standalone simulator knows: the sandbox register's test last names, and Lapsed for P. */
export const defaultGamstopPeople: readonly GamstopPerson[] = [
  { lastName: 'Gamstop', exclusion: 'Y' },
  { lastName: 'Excluded', exclusion: 'Y' },
  { lastName: 'Lapsed', exclusion: 'P' },
];

export const GAMSTOP_BATCH_MAX_PEOPLE = 1_000;
export const GAMSTOP_BATCH_MAX_BYTES = 256 * 1024;

interface AskedPerson {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  postcode: string;
  mobile: string;
}

const same = (wanted: string | undefined, given: string) => wanted === undefined || wanted.trim().toLowerCase() === given.trim().toLowerCase();
const compactPostcode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

function exclusionOf(people: readonly GamstopPerson[], asked: AskedPerson): GamstopExclusion {
  const found = people.find(
    (person) =>
      same(person.firstName, asked.firstName) &&
      same(person.lastName, asked.lastName) &&
      same(person.dateOfBirth, asked.dateOfBirth) &&
      same(person.email, asked.email) &&
      (person.postcode === undefined || compactPostcode(person.postcode) === compactPostcode(asked.postcode)),
  );
  return found?.exclusion ?? 'N';
}

/** The asked person, or the name of the first field that is missing or malformed. */
function readPerson(value: unknown): AskedPerson | string {
  if (!value || typeof value !== 'object') return 'person';
  const record = value as Record<string, unknown>;
  const text = (name: string) => (typeof record[name] === 'string' ? (record[name] as string) : undefined);
  for (const name of ['firstName', 'lastName', 'email'] as const) if (!text(name)?.trim()) return name;
  const dateOfBirth = text('dateOfBirth');
  if (!dateOfBirth || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return 'dateOfBirth';
  return {
    firstName: text('firstName')!,
    lastName: text('lastName')!,
    dateOfBirth,
    email: text('email')!,
    postcode: text('postcode') ?? '',
    mobile: text('mobile') ?? '',
  };
}

function keyMatches(expected: Buffer, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const bytes = Buffer.from(given);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

/** The body, or only its size past `limit` bytes (the rest is read and dropped, so the client hears the 413). */
async function readBody(request: IncomingMessage, limit: number): Promise<{ body: Buffer; size: number; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? { body: Buffer.alloc(0), size, tooLarge: true } : { body: Buffer.concat(chunks), size, tooLarge: false };
}

/** Starts the simulator on 127.0.0.1 (`port` 0: a free one). */
export async function startGamstopSimulator(options: GamstopSimulatorOptions, port = 0): Promise<GamstopSimulator> {
  const now = options.now ?? Date.now;
  const people = options.people ?? defaultGamstopPeople;
  const expectedKey = Buffer.from(options.apiKey);
  const burst = options.batchBurst ?? 1;
  const intervalMs = options.batchIntervalMs ?? 1_000;
  const requests: GamstopRequestRecord[] = [];
  let outage = false;
  // The batch bucket: `tokens` at time `filledAt`, one more every intervalMs up to `burst`.
  let tokens = burst;
  let filledAt = now();

  const takeBatchToken = (): number => {
    const at = now();
    tokens = Math.min(burst, tokens + (at - filledAt) / intervalMs);
    filledAt = at;
    if (tokens >= 1) {
      tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - tokens) * intervalMs) / 1_000);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const at = now();
    const path = (request.url ?? '').split('?')[0] ?? '';
    const record: GamstopRequestRecord = { at, path, status: 0, bytes: 0, people: 0 };
    requests.push(record);
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      response.writeHead(status, { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (request.method !== 'POST' || (path !== '/v2' && path !== '/v2/batch')) return answer(404, { error: 'not found' });
    if (outage) return answer(503, { error: 'service unavailable' });
    if (!keyMatches(expectedKey, request.headers['x-api-key'])) return answer(403, { error: 'forbidden' });

    if (path === '/v2') {
      const { body, size, tooLarge } = await readBody(request, 16 * 1024);
      record.bytes = size;
      if (tooLarge) return answer(413, { error: 'request too large' });
      const person = readPerson(Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
      if (typeof person === 'string') return answer(400, { error: `${person} is missing or malformed` });
      record.people = 1;
      return answer(200, undefined, { 'X-Exclusion': exclusionOf(people, person), 'X-Unique-Id': randomUUID() });
    }

    const retryAfter = takeBatchToken();
    if (retryAfter > 0) return answer(429, { error: 'too many requests' }, { 'Retry-After': String(retryAfter) });
    const { body, size, tooLarge } = await readBody(request, GAMSTOP_BATCH_MAX_BYTES - 1);
    record.bytes = size;
    if (tooLarge) return answer(413, { error: `request must be under ${GAMSTOP_BATCH_MAX_BYTES} bytes` });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return answer(400, { error: 'body must be a JSON array' });
    }
    if (!Array.isArray(parsed)) return answer(400, { error: 'body must be a JSON array' });
    record.people = parsed.length;
    if (parsed.length === 0 || parsed.length > GAMSTOP_BATCH_MAX_PEOPLE) return answer(400, { error: `a batch holds 1 to ${GAMSTOP_BATCH_MAX_PEOPLE} people` });
    const answers: { correlationId: string; exclusion: GamstopExclusion; uniqueId: string }[] = [];
    for (const [index, entry] of parsed.entries()) {
      const person = readPerson(entry);
      const correlationId = (entry as { correlationId?: unknown } | null)?.correlationId;
      if (typeof correlationId !== 'string' || correlationId === '') return answer(400, { error: `[${index}].correlationId is missing` });
      if (typeof person === 'string') return answer(400, { error: `[${index}].${person} is missing or malformed` });
      answers.push({ correlationId, exclusion: exclusionOf(people, person), uniqueId: randomUUID() });
    }
    return answer(200, answers);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    setOutage(down) {
      outage = down;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
