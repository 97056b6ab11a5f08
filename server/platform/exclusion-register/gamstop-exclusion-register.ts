import type { BaseLogger } from 'pino';
import { REGISTER_PROBLEMS, registerStatusProblem } from '../../../contracts/back-office/exclusion-register';
import {
  registerFor,
  type ExclusionRegisterCheck,
  type ExclusionRegisterProvider,
  type RegisterBatchEntry,
  type RegisterBatchResult,
  type RegisterReply,
} from '../../providers/exclusion-register-provider';

/**
 * GAMSTOP v2 as operators integrate it (issue 29 item 6; docs/compliance.md "GAMSTOP"):
 *
 * - one person: `POST {url}/v2`, form-encoded firstName, lastName, dateOfBirth, email, postcode,
 *   mobile, header `X-API-Key`; the answer is the `X-Exclusion` header, Y (excluded: REGISTERED),
 *   N (CLEAR) or P (excluded once, the exclusion ended: CLEAR, kept as previously registered), and
 *   `X-Unique-Id`, kept with the stored answer;
 * - many people: `POST {url}/v2/batch`, a JSON array of at most 1,000 people under 256 KB, each
 *   with a correlationId, at most one request a second on average; 429 is waited out (Retry-After).
 *
 * Anything else — unreachable, a timeout, 5xx, 403 for a wrong key, a reply without a valid
 * X-Exclusion — is UNAVAILABLE, never N. A 403 is logged as an error: no check can pass until
 * an operator fixes the key. Countries GAMSTOP does not cover go to `others` (the NGER adapter).
 * The key goes only into the header: never into a URL or a log line.
 */

/** The pacing clock of the batch re-check; tests pass a fake one so that nobody waits in real time. */
export interface PacingClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: PacingClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface GamstopOptions {
  /** The API's base address, e.g. https://api.gamstop.example (no trailing /v2). */
  url: string;
  apiKey: string;
  /** The register for every other country (NGER for IE). */
  others: ExclusionRegisterProvider;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
  clock?: PacingClock;
  logger?: Pick<BaseLogger, 'warn' | 'error'> | undefined;
  /** The least time between two batch requests' starts (default 1000: one a second). */
  batchIntervalMs?: number;
  /** How many 429s in a row one batch waits out before its people count as unanswered (default 5). */
  maxRateLimitRetries?: number;
}

export const GAMSTOP_BATCH_MAX_PEOPLE = 1_000;
/** The batch body must stay under 256 KB. */
export const GAMSTOP_BATCH_MAX_BYTES = 256 * 1024;

const EXCLUSION: Record<string, RegisterReply['answer']> = { Y: 'REGISTERED', N: 'CLEAR', P: 'CLEAR' };

/** The wire form of one person. */
function fieldsOf(input: ExclusionRegisterCheck): Record<string, string> {
  return {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    dateOfBirth: input.birthDate,
    email: input.email.trim(),
    postcode: input.postcode?.trim() ?? '',
    mobile: input.mobile?.trim() ?? '',
  };
}

function replyOf(exclusion: string | null | undefined, uniqueId: string | null | undefined): RegisterReply {
  const code = (exclusion ?? '').trim().toUpperCase();
  const answer = EXCLUSION[code];
  if (!answer) return { answer: 'UNAVAILABLE' };
  return { answer, previouslyRegistered: code === 'P', reference: uniqueId?.trim() || undefined };
}

/**
 * Splits the people into request bodies of at most 1,000 people and under 256 KB each, in order.
 * Exported for the tests of the limits.
 */
export function gamstopBatches(entries: readonly RegisterBatchEntry[]): { entries: RegisterBatchEntry[]; body: string }[] {
  const batches: { entries: RegisterBatchEntry[]; body: string }[] = [];
  let current: RegisterBatchEntry[] = [];
  let parts: string[] = [];
  // "[" and "]" plus a comma between every two people.
  let bytes = 2;
  const flush = () => {
    if (current.length === 0) return;
    batches.push({ entries: current, body: `[${parts.join(',')}]` });
    current = [];
    parts = [];
    bytes = 2;
  };
  for (const entry of entries) {
    const part = JSON.stringify({ correlationId: entry.correlationId, ...fieldsOf(entry) });
    const size = Buffer.byteLength(part) + (current.length > 0 ? 1 : 0);
    if (current.length >= GAMSTOP_BATCH_MAX_PEOPLE || bytes + size >= GAMSTOP_BATCH_MAX_BYTES) flush();
    bytes += Buffer.byteLength(part) + (current.length > 0 ? 1 : 0);
    current.push(entry);
    parts.push(part);
  }
  flush();
  return batches;
}

export class GamstopExclusionRegister implements ExclusionRegisterProvider {
  readonly id = 'gamstop';
  private readonly base: string;
  private readonly clock: PacingClock;
  private lastBatchAt: number | undefined;

  constructor(private readonly options: GamstopOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.clock = options.clock ?? realClock;
  }

  private post(path: string, contentType: string, body: string): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'X-API-Key': this.options.apiKey, 'content-type': contentType, accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
  }

  /** Why a status is not an answer, logged once per request; 403 as an error (the key is wrong). */
  private refused(status: number): string {
    const problem = status === 403 ? REGISTER_PROBLEMS.keyRefused : registerStatusProblem(status);
    if (status === 403)
      this.options.logger?.error({ register: 'GAMSTOP', status }, 'GAMSTOP refused the API key: every check is UNAVAILABLE until GAMSTOP_API_KEY is fixed');
    else this.options.logger?.warn({ register: 'GAMSTOP', status }, 'GAMSTOP did not answer the check');
    return problem;
  }

  async check(input: ExclusionRegisterCheck): Promise<RegisterReply> {
    if (registerFor(input.country) !== 'GAMSTOP') return this.options.others.check(input);
    try {
      const response = await this.post('/v2', 'application/x-www-form-urlencoded', new URLSearchParams(fieldsOf(input)).toString());
      await response.body?.cancel();
      if (response.status !== 200) {
        this.refused(response.status);
        return { answer: 'UNAVAILABLE' };
      }
      return replyOf(response.headers.get('x-exclusion'), response.headers.get('x-unique-id'));
    } catch (error) {
      this.options.logger?.warn({ register: 'GAMSTOP', reason: error instanceof Error ? error.name : 'error' }, 'GAMSTOP could not be reached');
      return { answer: 'UNAVAILABLE' };
    }
  }

  /** Waits until a batch request may start: one a second on average, counting refused ones too. */
  private async paced(): Promise<void> {
    const interval = this.options.batchIntervalMs ?? 1_000;
    if (this.lastBatchAt !== undefined) {
      const wait = this.lastBatchAt + interval - this.clock.now();
      if (wait > 0) await this.clock.sleep(wait);
    }
    this.lastBatchAt = this.clock.now();
  }

  /** One batch: its replies by correlation id, or why it has none. */
  private async sendBatch(batch: { entries: RegisterBatchEntry[]; body: string }): Promise<Map<string, RegisterReply> | string> {
    const retries = this.options.maxRateLimitRetries ?? 5;
    for (let attempt = 0; ; attempt++) {
      await this.paced();
      let response: Response;
      try {
        response = await this.post('/v2/batch', 'application/json', batch.body);
      } catch (error) {
        this.options.logger?.warn({ register: 'GAMSTOP', reason: error instanceof Error ? error.name : 'error' }, 'GAMSTOP could not be reached');
        return REGISTER_PROBLEMS.unreachable;
      }
      if (response.status === 429 && attempt < retries) {
        await response.body?.cancel();
        // Retry-After in seconds; without it, twice as long each time.
        const after = Number(response.headers.get('retry-after'));
        const waitMs = Number.isFinite(after) && after > 0 ? after * 1_000 : 1_000 * 2 ** attempt;
        await this.clock.sleep(waitMs);
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        return response.status === 429 ? REGISTER_PROBLEMS.rateLimited : this.refused(response.status);
      }
      let answers: unknown;
      try {
        answers = await response.json();
      } catch {
        return REGISTER_PROBLEMS.notJson;
      }
      if (!Array.isArray(answers)) return REGISTER_PROBLEMS.notArray;
      const replies = new Map<string, RegisterReply>();
      for (const item of answers as { correlationId?: unknown; exclusion?: unknown; uniqueId?: unknown }[]) {
        if (typeof item?.correlationId !== 'string') continue;
        replies.set(
          item.correlationId,
          replyOf(typeof item.exclusion === 'string' ? item.exclusion : undefined, typeof item.uniqueId === 'string' ? item.uniqueId : undefined),
        );
      }
      return replies;
    }
  }

  /**
   * The daily re-check's batches, in order and paced. The first batch that gets no answer stops
   * the run: its people and every later one are UNAVAILABLE (a wrong key or an outage would only
   * fail again), and `problem` says why.
   */
  async checkMany(entries: readonly RegisterBatchEntry[]): Promise<RegisterBatchResult> {
    const replies = new Map<string, RegisterReply>();
    const covered = entries.filter((entry) => registerFor(entry.country) === 'GAMSTOP');
    for (const entry of entries) if (registerFor(entry.country) !== 'GAMSTOP') replies.set(entry.correlationId, await this.options.others.check(entry));
    let problem: string | undefined;
    for (const batch of gamstopBatches(covered)) {
      const answered = problem === undefined ? await this.sendBatch(batch) : problem;
      if (typeof answered === 'string') problem = answered;
      for (const entry of batch.entries)
        replies.set(
          entry.correlationId,
          typeof answered === 'string' ? { answer: 'UNAVAILABLE' } : (answered.get(entry.correlationId) ?? { answer: 'UNAVAILABLE' }),
        );
    }
    return { replies, problem };
  }
}
