import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalogue, type ErrorResponse, type ErrorStatus, type FieldError } from '../../contracts/errors';
import { refusalsTotal } from '../metrics/metrics';
import { languageOfRequest, REQUEST_ID_HEADER } from '../logging/request-context';
import { writeRequestLine } from '../logging/request-log';
import { AppError } from './app-error';
import { fieldErrorIn, refusalIn, zodIssueInMk } from './refusals/translate';

const clientErrorStatuses: Partial<Record<number, ErrorStatus>> = {
  401: 'NOT_LOGGED_IN_ERROR',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The framework's own 400s for a body it could not read: bad JSON, an empty JSON body, a wrong
 * Content-Length, a `__proto__` or `constructor.prototype` key (secure-json-parse).
 */
function isUnreadableBody(error: FastifyError): boolean {
  return (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ||
    error.name === 'SyntaxError' ||
    /forbidden prototype property/i.test(error.message)
  );
}

const servicePrefixes = ['/cms', '/ps', '/gs', '/management', '/bo', '/sandbox'];

export function isServicePath(url: string): boolean {
  return servicePrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
}

function fieldName(instancePath: string, context: string | undefined): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'request';
}

/**
 * One place turns every failure into the catalogue's `{status, message, errors}` shape: bad input
 * is a 4xx naming the field, anything unexpected a 500 that hides its internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refusals are written in the request's language (issue 27 item 1): English as thrown, else through the refusal catalogue.
    const language = languageOfRequest(request.raw);
    if (error instanceof AppError) {
      if (error.httpStatus < 500) refusalsTotal.inc({ reason: error.status, http_status: String(error.httpStatus) });
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.httpStatus).send(refusalIn(error.toResponse(), language));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const english: FieldError[] = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath, error.validationContext),
        error: issue.message ?? 'is invalid',
      }));
      // zod's own English default reads in zod's Macedonian locale; a text of ours through the catalogue.
      const errors: FieldError[] =
        language === 'en'
          ? english
          : english.map((entry, index) => {
              const issue = error.validation[index]!;
              return {
                field: entry.field,
                error: zodIssueInMk({ code: issue.keyword, message: issue.message, params: issue.params }) ?? fieldErrorIn(entry.error, language),
              };
            });
      const body: ErrorResponse = {
        status: 'VALIDATION_ERROR',
        message: errors.map((entry) => `${entry.field}: ${entry.error}`).join('; '),
        errors,
      };
      refusalsTotal.inc({ reason: body.status, http_status: '400' });
      // A header carries printable ASCII only (the English text, then); a message may quote the request's own text (an unknown key, say).
      const header = english.map((entry) => `${entry.field}: ${entry.error}`).join('; ');
      return reply
        .status(400)
        .header('app-error', header.replace(/[^\x20-\x7e]/g, '?'))
        .send(body);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const status = statusCode === 400 && isUnreadableBody(error) ? 'MALFORMED_BODY' : (clientErrorStatuses[statusCode] ?? 'BAD_REQUEST');
      refusalsTotal.inc({ reason: status, http_status: String(statusCode) });
      return reply.status(statusCode).send(refusalIn({ status, message: error.message }, language));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(refusalIn({ status: 'SERVER_ERROR', message: 'An internal server error has occurred' }, language));
  });
}

/**
 * Fastify's `frameworkErrors`: an address it cannot decode (bad percent-encoding) or whose path
 * part is longer than the router takes, answered in the catalogue's shape like every other refusal.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status: ErrorStatus = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_TOO_LONG' : error.code === 'FST_ERR_BAD_URL' ? 'MALFORMED_URL' : 'SERVER_ERROR';
  const body = refusalIn({ status, message: errorCatalogue[status].message }, languageOfRequest(request.raw));
  // The router refused it before any hook ran: the request id header and the request's line are written here.
  void reply.header(REQUEST_ID_HEADER, request.id).status(errorCatalogue[status].httpStatus).send(body);
  writeRequestLine(request, reply);
}

export function notFoundBody(request: FastifyRequest): ErrorResponse {
  return refusalIn({ status: 'NOT_FOUND', message: `No operation ${request.method} ${request.url.split('?')[0]}` }, languageOfRequest(request.raw));
}
