/**
 * The documents module's public face (spec 001 §2 Documents page, DOC-*): its routes, and its
 * operations as services callable without HTTP — the staff review (`npm run kyc:review`, later the
 * back office), the identification flow's question whether documents await review.
 */
export {
  hasDocumentsAwaitingReview,
  listUserDocuments,
  openUploadRequests,
  readIdentitySubmission,
  readUserDocumentFile,
  requestDocumentUpload,
  reviewPlayerDocuments,
  saveUserDocument,
  uploadRequestHistory,
  type IncomingDocumentFile,
  type ReviewDecision,
  type ReviewOutcome,
  type UploadRequestInput,
} from './documents.service';
export { documentStorage, type DocumentStorage } from './document-storage';
// The back office's review queue.
export { playersAwaitingReview } from './documents.repository';
// The account-holder register's removal of the player's document data and files (issue 29 item 9).
export { forgetPlayerDocuments } from './forget';
