import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { getDocumentTypesResponseSchema } from '../../../contracts/platform/documents/document-types';
import { documentFileMessages, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_FILES } from '../../../contracts/platform/documents/file-rules';
import { saveDocumentFieldsSchema, saveDocumentResponseSchema } from '../../../contracts/platform/documents/save-document';
import { getIdentitySubmissionQuerySchema, getIdentitySubmissionResponseSchema } from '../../../contracts/platform/identification/identity-declaration';
import { getDocumentUploadRequestsResponseSchema } from '../../../contracts/platform/documents/upload-requests';
import { getUserDocumentFileQuerySchema, getUserDocumentsResponseSchema } from '../../../contracts/platform/documents/user-documents';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { documentStorage } from './document-storage';
import {
  listDocumentTypes,
  listUserDocuments,
  openUploadRequests,
  readIdentitySubmission,
  readUserDocumentFile,
  saveUserDocument,
  type IncomingDocumentFile,
} from './documents.service';

const TEXT_FIELDS = new Set(['documentType', 'issueDate', 'expiryDate', 'documentNumber', 'fileTypes', 'details']);
/** The text fields' total is small; files are limited by count and size. */
const MAX_FIELD_BYTES = 4_096;

/**
 * Reads a multipart save: the text fields (each once) and the files, within the limits. Files are
 * read into memory up to 10 MB each (busboy stops counting past that and marks the file cut short).
 */
async function readMultipart(request: FastifyRequest, fileField: 'file' | 'files'): Promise<{ fields: Record<string, string>; files: IncomingDocumentFile[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: IncomingDocumentFile[] = [];
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: MAX_DOCUMENT_BYTES,
        files: MAX_DOCUMENT_FILES,
        fields: TEXT_FIELDS.size,
        fieldSize: MAX_FIELD_BYTES,
        parts: TEXT_FIELDS.size + MAX_DOCUMENT_FILES,
        headerPairs: 50,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw new AppError('VALIDATION_ERROR', `Unexpected file field ${part.fieldname}`, [
            { field: part.fieldname.slice(0, 40), error: `Send files as ${fileField}` },
          ]);
        }
        const bytes = await part.toBuffer();
        files.push({ field: fileField, fileName: part.filename, bytes, truncated: part.file.truncated });
        continue;
      }
      const name = part.fieldname;
      if (!TEXT_FIELDS.has(name))
        throw new AppError('VALIDATION_ERROR', `Unknown field ${name.slice(0, 40)}`, [{ field: name.slice(0, 40), error: 'Unknown field' }]);
      if (name in fields) throw new AppError('VALIDATION_ERROR', `${name} was sent twice`, [{ field: name, error: 'Send this field once' }]);
      if (part.valueTruncated) throw new AppError('VALIDATION_ERROR', `${name} is too long`, [{ field: name, error: 'Too long' }]);
      fields[name] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('BODY_TOO_LARGE', documentFileMessages.tooMany, [{ field: fileField, error: documentFileMessages.tooMany }]);
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('BODY_TOO_LARGE', documentFileMessages.size, [{ field: fileField, error: documentFileMessages.size }]);
    // Anything busboy could not read (a broken boundary, a cut-off body) is the client's.
    throw new AppError('MALFORMED_BODY', 'The multipart body could not be read');
  }
  return { fields, files };
}

const multipartBodyNote = 'multipart/form-data: documentType, issueDate, expiryDate (YYYY-MM-DD), documentNumber';

/**
 * The documents operations under /ps (spec 001 §7 "Documents and identity", NS-27): the types,
 * the player's documents, single and multi-file saves (multipart) and a file download. Handlers
 * check the session and hand over to the service.
 */
export const documentsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's routes read multipart bodies; everything else stays JSON-only.
    await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_DOCUMENT_BYTES, files: MAX_DOCUMENT_FILES } });
    const { db } = context.database;
    const deps = () => ({
      db,
      storage: documentStorage(context.config),
      logger: context.logger,
      registerCountries: context.config.IDENTITY_REGISTER_COUNTRIES,
    });

    app.get(
      '/getDocumentTypes',
      {
        schema: { tags: ['documents'], summary: 'Document types with their required-field flags (DOC-18)', response: { 200: getDocumentTypesResponseSchema } },
      },
      async () => ({ status: 'SUCCESS' as const, documentTypes: listDocumentTypes() }),
    );

    app.get(
      '/getUserDocuments',
      {
        schema: {
          tags: ['documents'],
          summary: "The player's documents, newest first (DOC-17)",
          response: { 200: getUserDocumentsResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return { status: 'SUCCESS' as const, userDocuments: await listUserDocuments(db, session.partyId) };
      },
    );

    app.get(
      '/getIdentitySubmission',
      {
        schema: {
          tags: ['documents'],
          summary: 'What the player declared with one of their own identity documents (issue 27)',
          querystring: getIdentitySubmissionQuerySchema,
          response: { 200: getIdentitySubmissionResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return { status: 'SUCCESS' as const, submission: await readIdentitySubmission(db, session.partyId, request.query.documentId) };
      },
    );

    app.get(
      '/getDocumentUploadRequests',
      {
        schema: {
          tags: ['documents'],
          summary: 'Documents staff asked the player to upload again, until an upload of that kind (issue 15)',
          response: { 200: getDocumentUploadRequestsResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return { status: 'SUCCESS' as const, uploadRequests: await openUploadRequests(db, session.partyId) };
      },
    );

    const save = (mode: 'single' | 'multiple') => async (request: FastifyRequest, reply: Parameters<typeof requireSession>[2]) => {
      const session = await requireSession(context, request, reply);
      if (session.registrationStatus !== 'PLAYER') throw new AppError('FORBIDDEN', 'Please finish signing up first');
      const { fields, files } = await readMultipart(request, mode === 'single' ? 'file' : 'files');
      const parsed = saveDocumentFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'request'), error: issue.message }));
        throw new AppError('VALIDATION_ERROR', errors.map((entry) => `${entry.field}: ${entry.error}`).join('; '), errors);
      }
      const saved = await saveUserDocument(deps(), session.partyId, parsed.data, files, mode);
      return { status: 'SUCCESS' as const, refresh: true as const, documentId: saved.documentId };
    };
    const saveResponses = {
      200: saveDocumentResponseSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
      413: errorResponseSchema,
      415: errorResponseSchema,
    };

    app.post(
      '/saveUserDocument',
      {
        schema: {
          tags: ['documents'],
          summary: `Upload one document with one file (DOC-19); ${multipartBodyNote}, file`,
          consumes: ['multipart/form-data'],
          response: saveResponses,
        },
      },
      save('single'),
    );
    app.post(
      '/saveUserDocuments',
      {
        schema: {
          tags: ['documents'],
          summary: `Upload one document with up to three files (DOC-20); ${multipartBodyNote}, fileTypes (JSON of file name to FRONT, BACK or CONTENT), files`,
          consumes: ['multipart/form-data'],
          response: saveResponses,
        },
      },
      save('multiple'),
    );

    app.get(
      '/getUserDocumentFile',
      {
        schema: {
          tags: ['documents'],
          summary: "One file of the player's own documents, as an attachment",
          querystring: getUserDocumentFileQuerySchema,
          response: { 200: z.any(), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const file = await readUserDocumentFile(deps(), session.partyId, request.query.fileId);
        // An attachment the browser may not sniff into something it would run, and never cached on the way.
        return reply
          .header('content-type', file.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.bytes);
      },
    );
  };
