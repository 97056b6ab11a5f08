import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { mayPlayForReal } from '../../../contracts/platform/accounts/identity-gate';
import { DOCUMENT_TYPES, documentTypeFlags, type DocumentTypeCode } from '../../../contracts/platform/documents/document-types';
import { documentFileMessages, MAX_DOCUMENT_FILES } from '../../../contracts/platform/documents/file-rules';
import { documentDetailsSchema, fileTypesMapSchema, type SaveDocumentFields } from '../../../contracts/platform/documents/save-document';
import type { DocumentUploadRequest } from '../../../contracts/platform/documents/upload-requests';
import {
  identitySchemeFor,
  identitySubmissionSchema,
  isIdentityDocument,
  type IdentitySubmissionRecord,
} from '../../../contracts/platform/identification/identity-declaration';
import type { DocumentFileSide, UserDocument } from '../../../contracts/platform/documents/user-documents';
import type { FieldError } from '../../../contracts/errors';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { documentsApprovedMail, documentsRejectedMail, type Mailer } from '../../mail';
import type { ServiceContext } from '../../service-context';
import { findPlayer, findPlayerBySignInName, ISO_COUNTRY_CODES, publicUrl, updatePlayer } from '../accounts';
import type { DocumentStorage } from './document-storage';
import {
  countAwaitingReview,
  decideAwaitingDocuments,
  documentsOf,
  insertDocument,
  insertUploadRequest,
  ownedDocument,
  ownedFile,
  uploadRequestsOf,
  type NewDocumentFile,
  type UserDocumentRow,
} from './documents.repository';
import { DocumentFileRefusal, displayFileName, inspectDocumentFile, type InspectedFile } from './file-inspection';
import { languageOf } from '../language/language';
import { documentsRejectedMessage, documentsVerifiedMessage, messageLanguage, sendPlayerMessage, uploadAgainMessage } from '../messages';

/** A file as it arrived: the multipart field it came in, the name the browser gave, its bytes. */
export interface IncomingDocumentFile {
  field: string;
  fileName: string | undefined;
  bytes: Buffer;
  /** The upload went past the size limit and was cut short. */
  truncated: boolean;
}

/** More than this many documents waiting for staff is a player (or a script) filling our storage. */
export const MAX_DOCUMENTS_AWAITING_REVIEW = 20;

export interface DocumentDeps {
  db: Db;
  storage: DocumentStorage;
  logger: Logger;
  /** IDENTITY_REGISTER_COUNTRIES: declared countries whose players use the register form. */
  registerCountries: readonly string[];
}

export function listDocumentTypes() {
  return DOCUMENT_TYPES.map((type) => ({ ...type }));
}

/** DOC-17: the player's own documents, newest first. */
export async function listUserDocuments(db: Db, playerId: string): Promise<UserDocument[]> {
  const rows = await documentsOf(db, playerId);
  return rows.map(({ document, files }) => ({
    id: document.id,
    documentType: document.documentType,
    uploadDate: document.uploadedAt.toISOString(),
    status: document.status,
    reviewDate: document.reviewedAt?.toISOString() ?? null,
    reviewReason: document.reviewReason,
    issueDate: document.issueDate,
    expiryDate: document.expiryDate,
    documentNumber: document.documentNumber,
    details: document.details,
    userDocumentFiles: files.map((file) => ({ id: file.id, fileName: file.fileName, side: file.side, contentType: file.contentType, size: file.sizeBytes })),
  }));
}

export async function hasDocumentsAwaitingReview(db: Db, playerId: string): Promise<boolean> {
  return (await countAwaitingReview(db, playerId)) > 0;
}

const invalid = (field: string, error: string) => new AppError('VALIDATION_ERROR', error, [{ field, error }]);

/**
 * An identity document sent with the identification form's declaration (issue 27): the whole
 * submission is checked against the scheme of the player's declared country — document number
 * format, issuing country, dates, names, address, the public-figure answer — and a document-scheme
 * submission needs its proof of address (a CONTENT file). Answers the declared details to keep.
 */
async function checkIdentityDeclaration(
  deps: DocumentDeps,
  playerId: string,
  fields: SaveDocumentFields,
  parsedDetails: unknown,
  sides: DocumentFileSide[],
): Promise<Record<string, string>> {
  const owner = await findPlayer(deps.db, playerId);
  const scheme = identitySchemeFor(owner?.country, deps.registerCountries);
  const checked = identitySubmissionSchema(scheme).safeParse({
    documentType: fields.documentType,
    documentNumber: fields.documentNumber ?? '',
    issueDate: fields.issueDate ?? '',
    expiryDate: fields.expiryDate ?? '',
    details: parsedDetails,
  });
  if (!checked.success) {
    const errors = checked.error.issues.map((issue) => ({ field: issue.path.length > 0 ? issue.path.join('.') : 'details', error: issue.message }));
    throw new AppError('VALIDATION_ERROR', errors.map((entry) => `${entry.field}: ${entry.error}`).join('; '), errors);
  }
  const details: Record<string, string> = { ...checked.data.details };
  if (details.issuingCountry && !ISO_COUNTRY_CODES.has(details.issuingCountry)) throw invalid('details.issuingCountry', 'Please choose the issuing country');
  if (scheme === 'DOCUMENT' && !sides.includes('CONTENT'))
    throw invalid('files', 'Add a proof of address: a utility bill, bank statement or letter from a government office from the last three months');
  return details;
}
const tooManyAwaitingReview = () => invalid('documentType', 'Too many documents are awaiting review. Please wait for our team to review them.');

/**
 * Which side each file shows. A single save (DOC-19) has one file, the front. A multiple save
 * (DOC-20) names each file's side in `fileTypes` by its file name; without the map the files are
 * front, back and content in the order sent.
 */
function sidesOf(files: IncomingDocumentFile[], fileTypes: string | undefined, mode: 'single' | 'multiple'): DocumentFileSide[] {
  if (mode === 'single') {
    if (files.length !== 1 || files[0]?.field !== 'file')
      throw invalid('file', files.length === 0 ? documentFileMessages.required : documentFileMessages.tooMany);
    return ['FRONT'];
  }
  if (files.length === 0) throw invalid('files', documentFileMessages.required);
  if (files.length > MAX_DOCUMENT_FILES) throw invalid('files', documentFileMessages.tooMany);
  if (fileTypes === undefined) return files.map((_, index) => (['FRONT', 'BACK', 'CONTENT'] as const)[index] ?? 'CONTENT');
  let parsed: unknown;
  try {
    parsed = JSON.parse(fileTypes);
  } catch {
    throw invalid('fileTypes', 'Not a JSON object of file names to FRONT, BACK or CONTENT');
  }
  const map = fileTypesMapSchema.safeParse(parsed);
  if (!map.success) throw invalid('fileTypes', 'Not a JSON object of file names to FRONT, BACK or CONTENT');
  const names = files.map((file) => file.fileName ?? '');
  if (new Set(names).size !== names.length) throw invalid('fileTypes', 'Two files have the same name');
  return names.map((name) => {
    const side = map.data[name];
    if (!side) throw invalid('fileTypes', 'Every file needs FRONT, BACK or CONTENT');
    return side;
  });
}

/**
 * Saves one document with its files (DOC-19, DOC-20): every file is checked and prepared first
 * (all or nothing), then stored under a name the server makes, then the document and its file
 * rows are written in one transaction. Stored objects of a save that fails are removed.
 */
export async function saveUserDocument(
  deps: DocumentDeps,
  playerId: string,
  fields: SaveDocumentFields,
  files: IncomingDocumentFile[],
  mode: 'single' | 'multiple',
): Promise<{ documentId: string }> {
  const flags = documentTypeFlags(fields.documentType);
  if (!flags) throw invalid('documentType', 'Please choose a document type');
  const sides = sidesOf(files, fields.fileTypes, mode);
  if (!sides.includes('FRONT')) throw invalid('files', 'The front of the document is missing');
  if (new Set(sides).size !== sides.length) throw invalid('fileTypes', 'Each side may be sent once');
  if (flags.multipleFileRequired && !sides.includes('BACK'))
    throw invalid(mode === 'single' ? 'file' : 'files', 'This document needs both sides: add the back');
  let details: Record<string, string> = {};
  if (fields.details !== undefined) {
    let parsedDetails: unknown;
    try {
      parsedDetails = JSON.parse(fields.details);
    } catch {
      throw invalid('details', 'Not a JSON object');
    }
    if (isIdentityDocument(fields.documentType)) details = await checkIdentityDeclaration(deps, playerId, fields, parsedDetails, sides);
    else {
      const checked = documentDetailsSchema.safeParse(parsedDetails);
      if (!checked.success) throw invalid('details', 'Not a JSON object of short texts');
      details = checked.data;
    }
  }
  // A quick answer before any file is inspected or stored; the cap itself is decided as the
  // document is written (insertDocument), where uploads sent together are counted one by one.
  if ((await countAwaitingReview(deps.db, playerId)) >= MAX_DOCUMENTS_AWAITING_REVIEW) throw tooManyAwaitingReview();

  const errors: FieldError[] = [];
  const inspected: (InspectedFile & { side: DocumentFileSide; fileName: string | undefined; field: string })[] = [];
  let tooLarge = false;
  for (const [index, file] of files.entries()) {
    const side = sides[index] ?? 'CONTENT';
    try {
      if (file.truncated) throw new DocumentFileRefusal('size', true);
      inspected.push({ ...(await inspectDocumentFile(file.bytes)), side, fileName: file.fileName, field: file.field });
    } catch (error) {
      if (!(error instanceof DocumentFileRefusal)) throw error;
      tooLarge ||= error.tooLarge;
      errors.push({ field: file.field, error: `${displayFileName(file.fileName, 'file').replace(/\.file$/, '')}: ${error.message}` });
    }
  }
  if (errors.length > 0) {
    throw new AppError(tooLarge && errors.length === 1 ? 'BODY_TOO_LARGE' : 'VALIDATION_ERROR', errors[0]?.error, errors);
  }

  const stored: NewDocumentFile[] = [];
  try {
    for (const file of inspected) {
      const storageKey = `${randomUUID()}.${file.extension}`;
      await deps.storage.put(storageKey, file.bytes, file.contentType);
      stored.push({
        side: file.side,
        fileName: displayFileName(file.fileName, file.extension),
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        storageKey,
      });
    }
    const document = await insertDocument(
      deps.db,
      {
        playerId,
        documentType: fields.documentType,
        issueDate: flags.issueDateRequired || fields.issueDate ? (fields.issueDate ?? null) : null,
        expiryDate: fields.expiryDate ?? null,
        documentNumber: fields.documentNumber ?? null,
        details,
      },
      stored,
      MAX_DOCUMENTS_AWAITING_REVIEW,
    );
    // Stored objects of a refused document are removed below, as a failed save's are.
    if (!document) throw tooManyAwaitingReview();
    deps.logger.info({ partyId: playerId, documentId: document.id, documentType: document.documentType, files: stored.length }, 'document uploaded for review');
    return { documentId: document.id };
  } catch (error) {
    await Promise.allSettled(stored.map((file) => deps.storage.delete(file.storageKey)));
    throw error;
  }
}

/** What the player declared with one of their own documents; another player's is NOT_FOUND. */
export async function readIdentitySubmission(db: Db, playerId: string, documentId: string): Promise<IdentitySubmissionRecord> {
  const document = await ownedDocument(db, playerId, documentId);
  if (!document) throw new AppError('NOT_FOUND', 'Document not found');
  return {
    documentId: document.id,
    documentType: document.documentType,
    status: document.status,
    documentNumber: document.documentNumber,
    issueDate: document.issueDate,
    expiryDate: document.expiryDate,
    details: document.details,
  };
}

/**
 * The identity document an approval keeps on the account: the newest identity document among those
 * decided, with a number (a register ID check keeps its own in the identification module).
 */
function identityDocumentOf(decided: UserDocumentRow[]) {
  const newest = decided
    .filter((document) => isIdentityDocument(document.documentType) && document.documentNumber)
    .sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime())[0];
  if (!newest?.documentNumber) return {};
  return {
    identityDocumentType: newest.documentType,
    identityDocumentNumber: newest.documentNumber,
    identityDocumentCountry: newest.details.issuingCountry ?? null,
    identityDocumentExpiry: newest.expiryDate,
  };
}

/** One file of the player's own documents, with its bytes; another player's file is NOT_FOUND. */
export async function readUserDocumentFile(deps: Pick<DocumentDeps, 'db' | 'storage'>, playerId: string, fileId: string) {
  const file = await ownedFile(deps.db, playerId, fileId);
  if (!file) throw new AppError('NOT_FOUND', 'Document file not found');
  const bytes = await deps.storage.get(file.storageKey);
  if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) throw new Error(`stored document file ${file.id} does not match its checksum`);
  return { fileName: file.fileName, contentType: file.contentType, bytes };
}

export interface ReviewDecision {
  /** The player's username (or e-mail). */
  player: string;
  decision: 'approve' | 'reject';
  reason?: string | undefined;
  /** Who decided, kept with the documents. */
  reviewer: string;
}

export interface ReviewOutcome {
  partyId: string;
  username: string;
  documents: number;
  kycStatus: string;
}

/**
 * Staff's decision on a player's documents awaiting review (until the back office exists, the
 * `npm run kyc:review` command calls this). Approval marks them APPROVED and moves the player's
 * kycStatus to PASS, so they may play for real; rejection keeps the account locked and says why.
 * The documents, the status and the player's message change in one transaction; the e-mail is
 * written to the outbox after it.
 */
export async function reviewPlayerDocuments(
  context: { db: Db; mailer: Mailer; config: ServiceContext['config']; logger: Logger },
  review: ReviewDecision,
): Promise<ReviewOutcome> {
  const found = await findPlayerBySignInName(context.db, review.player);
  if (!found) throw new AppError('NOT_FOUND', `No player named ${review.player}`);
  if (found.registrationStatus !== 'PLAYER')
    throw new AppError('VALIDATION_ERROR', 'The player has not finished signing up', [{ field: 'player', error: 'The player has not finished signing up' }]);
  const reason = review.reason?.trim() ? review.reason.trim().slice(0, 500) : null;
  const siteUrl = publicUrl(context.config);
  const outcome = await context.db.transaction(async (tx) => {
    const decided = await decideAwaitingDocuments(tx, found.id, {
      status: review.decision === 'approve' ? 'APPROVED' : 'REJECTED',
      reviewedBy: review.reviewer,
      reason,
    });
    if (decided.length === 0) throw new AppError('NOT_FOUND', `${found.username} has no documents awaiting review`);
    let kycStatus = found.kycStatus;
    if (review.decision === 'approve') {
      kycStatus = 'PASS';
      // The declared document stays on the account: the player's page and staff show its number.
      await updatePlayer(tx, found.id, { kycStatus, ...identityDocumentOf(decided) });
      await sendPlayerMessage(tx, { playerId: found.id, kind: 'DOCUMENT_DECISION', ...documentsVerifiedMessage(languageOf(found.language)) });
    } else {
      await sendPlayerMessage(tx, { playerId: found.id, kind: 'DOCUMENT_DECISION', ...documentsRejectedMessage(languageOf(found.language), reason) });
    }
    return { documents: decided.length, kycStatus };
  });
  await context.mailer.send(
    review.decision === 'approve'
      ? documentsApprovedMail({ to: found.email, username: found.username, siteUrl, language: languageOf(found.language) })
      : documentsRejectedMail({
          to: found.email,
          username: found.username,
          reason,
          identificationUrl: `${siteUrl}/identification`,
          language: languageOf(found.language),
        }),
  );
  context.logger.info(
    {
      partyId: found.id,
      decision: review.decision,
      documents: outcome.documents,
      reviewer: review.reviewer,
      mayPlayForReal: mayPlayForReal({ registrationStatus: found.registrationStatus, kycStatus: outcome.kycStatus }),
    },
    'documents reviewed',
  );
  return { partyId: found.id, username: found.username, ...outcome };
}

/** What staff ask for when they want a document uploaded again. */
export interface UploadRequestInput {
  playerId: string;
  documentType: DocumentTypeCode;
  /** Shown to the player. */
  reason: string;
  /** The staff member asking. */
  requestedBy: string;
}

/** The player's word for a document type in their message (the documents page shows its own translation). */
/**
 * Staff ask the player to upload a document again: the request is kept (open until an upload of
 * that kind, see insertDocument) and the player is told in their Messages. Runs in the caller's
 * transaction — the back office's audit record's — so the request, the message and the audit row
 * are kept together or not at all.
 */
export async function requestDocumentUpload(tx: Db, input: UploadRequestInput): Promise<{ requestId: string; messageId: string }> {
  const reason = input.reason.trim().slice(0, 500);
  if (!documentTypeFlags(input.documentType)) throw invalid('documentType', 'Choose a document type');
  if (!reason) throw invalid('reason', 'Give the reason');
  const request = await insertUploadRequest(tx, { playerId: input.playerId, documentType: input.documentType, reason, requestedBy: input.requestedBy });
  const message = await sendPlayerMessage(tx, {
    playerId: input.playerId,
    kind: 'DOCUMENT_DECISION',
    ...uploadAgainMessage(await messageLanguage(tx, input.playerId), input.documentType, reason),
  });
  return { requestId: request.id, messageId: message.id };
}

/** The player's open upload requests, newest first (their documents page shows them). */
export async function openUploadRequests(db: Db, playerId: string): Promise<DocumentUploadRequest[]> {
  const rows = await uploadRequestsOf(db, playerId, true);
  return rows.map((row) => ({ id: row.id, documentType: row.documentType, reason: row.reason, requestedAt: row.createdAt.toISOString() }));
}

/** Every upload request of the player, open or satisfied, for staff. */
export async function uploadRequestHistory(db: Db, playerId: string) {
  const rows = await uploadRequestsOf(db, playerId, false);
  return rows.map((row) => ({
    id: row.id,
    documentType: row.documentType,
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedAt: row.createdAt.toISOString(),
    satisfiedAt: row.satisfiedAt?.toISOString() ?? null,
  }));
}
