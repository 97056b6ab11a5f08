import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender, pickSending, type SendingOptions } from '../webhook-sender';

/**
 * A local stand-in for the part of Onfido's API v3.6 the identity adapter uses (issue 31), in
 * Onfido's wire format, so the adapter runs end to end on one machine with the official SDK
 * (`@onfido/api`, its basePath pointed at `${url}/v3.6`):
 *
 * - `POST /v3.6/applicants`, `GET /v3.6/applicants/:id`, `POST /v3.6/documents` (multipart: type,
 *   applicant_id, file), `POST /v3.6/checks`, `GET /v3.6/checks/:id`, `GET /v3.6/reports?check_id=`.
 * - `Authorization: Token token=…`; errors as `{ error: { type, message, fields } }` (401, 404, 422).
 * - A check is `in_progress` when created (`check.started` is sent) and completes after
 *   `decisionDelayMs` (`report.completed` per report, then `check.completed`). The outcome is
 *   chosen by the applicant's last name (`onfidoTestValues`, listed in the README).
 * - Webhooks to `webhookUrl` as Onfido sends them: `{ payload: { resource_type, action, object } }`
 *   with `X-SHA2-Signature`, the hex HMAC-SHA256 of the raw body under the webhook token; retried
 *   with back-off until answered 2xx; sent twice on request (`duplicates`, `duplicateEvery`), held
 *   and released in another order (`hold`, `release('reverse')`), held back (`lateEvery`).
 * - `dropAnswers(pathEnd, count)`: the next requests to that path are carried out but the
 *   connection is cut before the answer, as a timeout would lose it.
 */

type Json = Record<string, unknown>;

/** Applicant last names that choose the check's outcome; any other name is clear. */
export const onfidoTestValues = {
  /** result consider, reports caution: the check goes to staff review. */
  referLastName: 'Consider',
  /** result consider, document report sub_result rejected: the check is rejected. */
  rejectLastName: 'Rejected',
  /** result consider, document report sub_result suspected: rejected as well. */
  suspectLastName: 'Suspected',
} as const;

export interface OnfidoApplicantRecord {
  id: string;
  first_name: string;
  last_name: string;
  dob: string | null;
  address: Json | null;
  created_at: string;
}

export interface OnfidoCheckRecord {
  id: string;
  applicant_id: string;
  status: 'in_progress' | 'complete';
  result: 'clear' | 'consider' | null;
  report_names: string[];
  report_ids: string[];
  tags: string[];
  created_at: string;
}

export interface OnfidoReportRecord {
  id: string;
  check_id: string;
  name: string;
  status: 'awaiting_data' | 'complete';
  result: 'clear' | 'consider' | null;
  sub_result: 'clear' | 'caution' | 'rejected' | 'suspected' | null;
  created_at: string;
}

export interface OnfidoWebhookSent {
  /** `${action}:${object.id}`. */
  id: string;
  action: string;
  /** The request body exactly as sent. */
  body: string;
}

export interface OnfidoDelivery {
  id: string;
  attempt: number;
  /** The HTTP status the receiver answered, or 0 when it could not be reached. */
  status: number;
}

/** With the webhook sender's retries, duplicates and late sends (SendingOptions). */
export interface OnfidoSimulatorOptions extends SendingOptions {
  /** The API token the SDK must send (Authorization: Token token=…). */
  apiToken: string;
  /** The webhook's token: X-SHA2-Signature is the HMAC-SHA256 of the body under it. */
  webhookToken: string;
  webhookUrl?: string;
  /** Milliseconds from a check's creation to its decision (default 100). */
  decisionDelayMs?: number;
}

export interface OnfidoSimulator {
  /** http://127.0.0.1:PORT/v3.6: ONFIDO_API_URL. */
  url: string;
  setWebhookUrl(url: string): void;
  /** Signs with a new token from now on (a rotation). */
  rotateWebhookToken(token: string): void;
  /** Sends every webhook twice. */
  duplicates: boolean;
  hold(): void;
  release(order?: 'sent' | 'reverse'): Promise<void>;
  dropAnswers(pathEnd: string, count?: number): void;
  webhooks: OnfidoWebhookSent[];
  deliveries: OnfidoDelivery[];
  requests: { method: string; path: string }[];
  /** Resolves once no webhook is queued, waiting for its decision, held or being retried. */
  idle(): Promise<void>;
  applicant(id: string): OnfidoApplicantRecord | undefined;
  check(id: string): OnfidoCheckRecord | undefined;
  checks: OnfidoCheckRecord[];
  documents: { id: string; applicant_id: string; type: string; file_name: string; file_size: number }[];
  /** The body of a signed webhook about this object (for tests that replay or forge). */
  webhookBody(resourceType: 'check' | 'report', action: string, objectId: string): string;
  close(): Promise<void>;
}

/** X-SHA2-Signature: the hex HMAC-SHA256 of the raw body under the webhook token. */
export function onfidoSignature(body: string, token: string): string {
  return createHmac('sha256', token).update(body, 'utf8').digest('hex');
}

class OnfidoError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly fields: Json = {},
  ) {
    super(message);
  }
}

async function readBody(request: IncomingMessage, limit = 12 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new OnfidoError(413, 'request_too_large', 'The request is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The named parts of a multipart/form-data body: text fields as text, a file's name and size. */
function multipartFields(body: Buffer, contentType: string): Map<string, { value: string; fileName: string | null; size: number }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const fields = new Map<string, { value: string; fileName: string | null; size: number }>();
  if (!boundary) return fields;
  const marker = `--${boundary[1] ?? boundary[2]}`;
  for (const part of body.toString('latin1').split(marker)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (!name) continue;
    const content = part.slice(split + 4).replace(/\r\n$/, '');
    fields.set(name, {
      value: Buffer.from(content, 'latin1').toString('utf8'),
      fileName: /filename="([^"]*)"/i.exec(head)?.[1] ?? null,
      size: Buffer.byteLength(content, 'latin1'),
    });
  }
  return fields;
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function startOnfidoSimulator(options: OnfidoSimulatorOptions, port = 0): Promise<OnfidoSimulator> {
  const applicants = new Map<string, OnfidoApplicantRecord>();
  const checks = new Map<string, OnfidoCheckRecord>();
  const reports = new Map<string, OnfidoReportRecord>();
  const documents: OnfidoSimulator['documents'] = [];
  const webhooks: OnfidoWebhookSent[] = [];
  const deliveries: OnfidoDelivery[] = [];
  const requests: OnfidoSimulator['requests'] = [];
  const drops = new Map<string, number>();
  let webhookUrl = options.webhookUrl;
  let webhookToken = options.webhookToken;
  let origin = '';

  // Signed at each attempt with the token of the moment, as Onfido does after a rotation.
  const webhooksOut = createWebhookSender<OnfidoWebhookSent>({
    url: () => webhookUrl,
    request: (sent) => ({
      headers: { 'content-type': 'application/json', 'x-sha2-signature': onfidoSignature(sent.body, webhookToken), 'user-agent': 'Onfido-Webhooks' },
      body: sent.body,
    }),
    attempted: (sent, { attempt, status }) => deliveries.push({ id: sent.id, attempt, status }),
    duplicates: () => simulator.duplicates,
    ...pickSending(options),
  });
  /** Runs later; counted in flight meanwhile, so idle() waits for it. */
  const later = (ms: number, run: () => void) => webhooksOut.later(ms, run, true);

  const webhookBody = (resourceType: 'check' | 'report', action: string, objectId: string): string => {
    const status = resourceType === 'check' ? checks.get(objectId)?.status : reports.get(objectId)?.status;
    return JSON.stringify({
      payload: {
        resource_type: resourceType,
        action,
        object: { id: objectId, status: status ?? 'complete', completed_at_iso8601: now(), href: `${origin}/v3.6/${resourceType}s/${objectId}` },
      },
    });
  };

  const notify = (resourceType: 'check' | 'report', action: string, objectId: string) => {
    const sent: OnfidoWebhookSent = { id: `${action}:${objectId}`, action, body: webhookBody(resourceType, action, objectId) };
    webhooks.push(sent);
    webhooksOut.send(sent, webhooks.length);
  };

  const outcomeFor = (applicant: OnfidoApplicantRecord): { result: 'clear' | 'consider'; subResult: OnfidoReportRecord['sub_result'] } => {
    const lastName = applicant.last_name.trim().toLowerCase();
    if (lastName === onfidoTestValues.referLastName.toLowerCase()) return { result: 'consider', subResult: 'caution' };
    if (lastName === onfidoTestValues.rejectLastName.toLowerCase()) return { result: 'consider', subResult: 'rejected' };
    if (lastName === onfidoTestValues.suspectLastName.toLowerCase()) return { result: 'consider', subResult: 'suspected' };
    return { result: 'clear', subResult: 'clear' };
  };

  const required = (body: Json, field: string): string => {
    const value = body[field];
    if (typeof value !== 'string' || value.trim() === '')
      throw new OnfidoError(422, 'validation_error', 'There was a validation error on this request', { [field]: ["can't be blank"] });
    return value;
  };

  const createApplicant = (body: Json): OnfidoApplicantRecord => {
    const record: OnfidoApplicantRecord = {
      id: randomUUID(),
      first_name: required(body, 'first_name'),
      last_name: required(body, 'last_name'),
      dob: typeof body.dob === 'string' ? body.dob : null,
      address: typeof body.address === 'object' && body.address !== null ? (body.address as Json) : null,
      created_at: now(),
    };
    if (record.dob !== null && !/^\d{4}-\d{2}-\d{2}$/.test(record.dob))
      throw new OnfidoError(422, 'validation_error', 'There was a validation error on this request', { dob: ['must be a date'] });
    applicants.set(record.id, record);
    return record;
  };

  const createCheck = (body: Json): Json => {
    const applicant = applicants.get(required(body, 'applicant_id'));
    if (!applicant) throw new OnfidoError(422, 'validation_error', 'There was a validation error on this request', { applicant_id: ['not found'] });
    const reportNames = Array.isArray(body.report_names) ? body.report_names.filter((name): name is string => typeof name === 'string') : [];
    if (reportNames.length === 0)
      throw new OnfidoError(422, 'validation_error', 'There was a validation error on this request', { report_names: ["can't be blank"] });
    const check: OnfidoCheckRecord = {
      id: randomUUID(),
      applicant_id: applicant.id,
      status: 'in_progress',
      result: null,
      report_names: reportNames,
      report_ids: [],
      tags: Array.isArray(body.tags) ? body.tags.filter((tag): tag is string => typeof tag === 'string') : [],
      created_at: now(),
    };
    for (const name of reportNames) {
      const report: OnfidoReportRecord = {
        id: randomUUID(),
        check_id: check.id,
        name,
        status: 'awaiting_data',
        result: null,
        sub_result: null,
        created_at: now(),
      };
      reports.set(report.id, report);
      check.report_ids.push(report.id);
    }
    checks.set(check.id, check);
    notify('check', 'check.started', check.id);
    later(options.decisionDelayMs ?? 100, () => {
      const outcome = outcomeFor(applicant);
      for (const reportId of check.report_ids) {
        const report = reports.get(reportId)!;
        Object.assign(report, { status: 'complete', result: outcome.result, sub_result: outcome.subResult });
        notify('report', 'report.completed', report.id);
      }
      Object.assign(check, { status: 'complete', result: outcome.result });
      notify('check', 'check.completed', check.id);
    });
    return checkJson(check);
  };

  const checkJson = (check: OnfidoCheckRecord): Json => ({
    ...check,
    result: check.result ?? undefined,
    href: `/v3.6/checks/${check.id}`,
    results_uri: `${origin}/dashboard/checks/${check.id}`,
    sandbox: true,
  });
  const reportJson = (report: OnfidoReportRecord): Json => ({ ...report, href: `/v3.6/reports/${report.id}`, breakdown: {}, properties: {}, documents: [] });

  const uploadDocument = (body: Buffer, contentType: string): Json => {
    const fields = multipartFields(body, contentType);
    const applicantId = fields.get('applicant_id')?.value ?? '';
    if (!applicants.has(applicantId))
      throw new OnfidoError(422, 'validation_error', 'There was a validation error on this request', { applicant_id: ['not found'] });
    const type = fields.get('type')?.value ?? '';
    const file = fields.get('file');
    if (!type) throw new OnfidoError(422, 'validation_error', 'There was a validation error on this request', { type: ["can't be blank"] });
    if (!file?.fileName || file.size === 0)
      throw new OnfidoError(422, 'validation_error', 'There was a validation error on this request', { file: ["can't be blank"] });
    const record = { id: randomUUID(), applicant_id: applicantId, type, file_name: file.fileName, file_size: file.size };
    documents.push(record);
    return { ...record, side: fields.get('side')?.value ?? null, created_at: now(), href: `/v3.6/documents/${record.id}` };
  };

  const api = (method: string, location: URL, body: Buffer, contentType: string): [number, Json] => {
    const path = location.pathname.replace(/^\/v3\.6/, '');
    const json = (): Json => {
      try {
        const parsed: unknown = JSON.parse(body.toString('utf8'));
        if (typeof parsed === 'object' && parsed !== null) return parsed as Json;
      } catch {
        // answered below
      }
      throw new OnfidoError(400, 'bad_request', 'The request could not be understood');
    };
    if (method === 'POST' && path === '/applicants') return [201, { ...createApplicant(json()), href: '' }];
    if (method === 'POST' && path === '/checks') return [201, createCheck(json())];
    if (method === 'POST' && path === '/documents') return [201, uploadDocument(body, contentType)];
    const one = /^\/(applicants|checks|reports)\/([0-9a-f-]{36})$/.exec(path);
    if (method === 'GET' && one) {
      const found = one[1] === 'applicants' ? applicants.get(one[2]!) : one[1] === 'checks' ? checks.get(one[2]!) : reports.get(one[2]!);
      if (!found) throw new OnfidoError(404, 'resource_not_found', 'The requested resource was not found');
      if (one[1] === 'checks') return [200, checkJson(found as OnfidoCheckRecord)];
      if (one[1] === 'reports') return [200, reportJson(found as OnfidoReportRecord)];
      return [200, found as unknown as Json];
    }
    if (method === 'GET' && path === '/reports') {
      const check = checks.get(location.searchParams.get('check_id') ?? '');
      if (!check) throw new OnfidoError(404, 'resource_not_found', 'The requested resource was not found');
      return [200, { reports: check.report_ids.map((id) => reportJson(reports.get(id)!)) }];
    }
    throw new OnfidoError(404, 'resource_not_found', `No route ${method} ${path}`);
  };

  const tokenMatches = (header: string | string[] | undefined) => {
    const expected = Buffer.from(`Token token=${options.apiToken}`);
    const given = Buffer.from(typeof header === 'string' ? header : '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const location = new URL(request.url ?? '/', 'http://simulator');
    const method = request.method ?? 'GET';
    const send = (status: number, body: Json) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': randomUUID() });
      response.end(JSON.stringify(body));
    };
    requests.push({ method, path: location.pathname });
    if (!tokenMatches(request.headers.authorization))
      return send(401, { error: { type: 'authorization_error', message: 'Authorization error: please re-check your credentials', fields: {} } });
    let answer: [number, Json];
    try {
      answer = api(method, location, await readBody(request), String(request.headers['content-type'] ?? ''));
    } catch (error) {
      if (!(error instanceof OnfidoError)) throw error;
      answer = [error.status, { error: { type: error.type, message: error.message, fields: error.fields } }];
    }
    const pending = [...drops.entries()].find(([pathEnd, count]) => count > 0 && location.pathname.endsWith(pathEnd));
    if (pending) {
      drops.set(pending[0], pending[1] - 1);
      request.socket.destroy();
      return;
    }
    send(...answer);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { type: 'internal_server_error', message: error instanceof Error ? error.message : 'simulator failure', fields: {} } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const simulator: OnfidoSimulator = {
    url: `${origin}/v3.6`,
    duplicates: false,
    webhooks,
    deliveries,
    requests,
    documents,
    get checks() {
      return [...checks.values()];
    },
    setWebhookUrl(target) {
      webhookUrl = target;
    },
    rotateWebhookToken(token) {
      webhookToken = token;
    },
    hold: () => webhooksOut.hold(),
    release: (order) => webhooksOut.release(order),
    dropAnswers(pathEnd, count = 1) {
      drops.set(pathEnd, (drops.get(pathEnd) ?? 0) + count);
    },
    idle: () => webhooksOut.idle(),
    applicant: (id) => applicants.get(id),
    check: (id) => checks.get(id),
    webhookBody,
    async close() {
      webhooksOut.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return simulator;
}
