import { z } from 'zod';

/** Review states (DOC-02…04): APPROVED, NOT_REVIEWED, and REJECTED for everything else. */
export const documentStatusSchema = z.enum(['NOT_REVIEWED', 'APPROVED', 'REJECTED']);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** Which side of the document a file shows (DOC-20). */
export const documentFileSideSchema = z.enum(['FRONT', 'BACK', 'CONTENT']);
export type DocumentFileSide = z.infer<typeof documentFileSideSchema>;

export const userDocumentFileSchema = z.object({
  id: z.string(),
  /** The name the player's file had (a plain base name; the stored object has a name the server made). */
  fileName: z.string(),
  side: documentFileSideSchema,
  contentType: z.enum(['image/png', 'image/jpeg', 'application/pdf']),
  size: z.number().int(),
});

/** GET /ps/getUserDocuments (DOC-17): the player's own documents, newest first. Dates are ISO timestamps (DEF-17). */
export const userDocumentSchema = z.object({
  id: z.string(),
  documentType: z.string(),
  uploadDate: z.string(),
  status: documentStatusSchema,
  reviewDate: z.string().nullable(),
  /** The reviewer's reason, for a rejected document. */
  reviewReason: z.string().nullable(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  documentNumber: z.string().nullable(),
  /** What the player declared with an identity document (issue 27: names, issuing country, address, the public-figure answer). */
  details: z.record(z.string(), z.string()),
  userDocumentFiles: z.array(userDocumentFileSchema),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;

export const getUserDocumentsResponseSchema = z.object({ status: z.literal('SUCCESS'), userDocuments: z.array(userDocumentSchema) });
export type GetUserDocumentsResponse = z.infer<typeof getUserDocumentsResponseSchema>;

/** GET /ps/getUserDocumentFile?fileId=…: the file itself, as an attachment, to its owner only. */
export const getUserDocumentFileQuerySchema = z.object({ fileId: z.uuid({ message: 'Not a document file id' }) });
