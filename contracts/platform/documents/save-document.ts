import { z } from 'zod';
import { documentTypeCodes, documentTypeFlags } from './document-types';
import { documentFileSideSchema } from './user-documents';

/** DOC-15: dates are sent as YYYY-MM-DD. */
const documentDate = z.iso.date({ message: 'Use the format YYYY-MM-DD' });
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * The text fields of POST /ps/saveUserDocument and /ps/saveUserDocuments (DOC-19, DOC-20),
 * multipart form fields. Which of the optional fields are needed depends on the type's flags (DOC-09);
 * field errors use the names the portal matches, lower-cased (DOC-16).
 */
export const saveDocumentFieldsSchema = z
  .object({
    documentType: z.enum(documentTypeCodes, { message: 'Please choose a document type' }),
    issueDate: optional(documentDate),
    expiryDate: optional(documentDate),
    documentNumber: optional(
      z
        .string()
        .trim()
        .min(1, { message: 'This field is required' })
        .max(40, { message: 'At most 40 characters' })
        .regex(/^[A-Za-z0-9 ./-]+$/, { message: 'Incorrect format' }),
    ),
    /**
     * DOC-20: a JSON map of each uploaded file's name to FRONT, BACK or CONTENT (multi-file save only).
     */
    fileTypes: optional(z.string().max(2_000, { message: 'Too long' })),
    /**
     * The identification flow's answers kept with the documents for the reviewer (birth names,
     * birthplace, address card number, the public-figure answer), as a JSON object of short texts.
     */
    details: optional(z.string().max(4_000, { message: 'Too long' })),
  })
  .superRefine((fields, context) => {
    const flags = documentTypeFlags(fields.documentType);
    if (!flags) return;
    const required = 'This field is required';
    if (flags.issueDateRequired && !fields.issueDate) context.addIssue({ code: 'custom', path: ['issueDate'], message: required });
    if (flags.expiryDateRequired && !fields.expiryDate) context.addIssue({ code: 'custom', path: ['expiryDate'], message: required });
    if (flags.documentNumberRequired && !fields.documentNumber) context.addIssue({ code: 'custom', path: ['documentNumber'], message: required });
    const today = new Date().toISOString().slice(0, 10);
    if (fields.issueDate && fields.issueDate > today)
      context.addIssue({ code: 'custom', path: ['issueDate'], message: 'The issue date cannot be in the future' });
    if (fields.expiryDate && fields.expiryDate < today) context.addIssue({ code: 'custom', path: ['expiryDate'], message: 'The document has expired' });
    if (fields.issueDate && fields.expiryDate && fields.expiryDate <= fields.issueDate) {
      context.addIssue({ code: 'custom', path: ['expiryDate'], message: 'The expiry date must be after the issue date' });
    }
  });
export type SaveDocumentFields = z.infer<typeof saveDocumentFieldsSchema>;

export const fileTypesMapSchema = z.record(z.string().max(255), documentFileSideSchema);
export const documentDetailsSchema = z
  .record(z.string().max(40), z.string().max(200))
  .refine((value) => Object.keys(value).length <= 20, { message: 'Too many details' });

export const saveDocumentResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** DOC-21: the portal closes the form and reloads the list. */
  refresh: z.literal(true),
  documentId: z.string(),
});
export type SaveDocumentResponse = z.infer<typeof saveDocumentResponseSchema>;
