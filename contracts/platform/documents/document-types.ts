import { z } from 'zod';

/**
 * GET /ps/getDocumentTypes (DOC-18, DOC-09): the kinds of document a player may upload, with the
 * flags that decide which form fields each needs. The identity-document codes are the
 * identification flow's identifier values (KYC-10), so one upload serves both screens.
 */
export const documentTypeSchema = z.object({
  documentType: z.string(),
  issueDateRequired: z.boolean(),
  expiryDateRequired: z.boolean(),
  documentNumberRequired: z.boolean(),
  /** A second (back) image is needed: a card has two sides. */
  multipleFileRequired: z.boolean(),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const DOCUMENT_TYPES = [
  // The issue date of an identity document is optional (issue 27): Irish and British checks rest on
  // the number, issuing country and expiry; the register scheme asks for it in its own check.
  { documentType: 'IDENTITY_CARD', issueDateRequired: false, expiryDateRequired: true, documentNumberRequired: true, multipleFileRequired: true },
  { documentType: 'PASSPORT', issueDateRequired: false, expiryDateRequired: true, documentNumberRequired: true, multipleFileRequired: false },
  { documentType: 'driving_license', issueDateRequired: false, expiryDateRequired: true, documentNumberRequired: true, multipleFileRequired: true },
  { documentType: 'ADDRESS_CARD', issueDateRequired: true, expiryDateRequired: false, documentNumberRequired: true, multipleFileRequired: true },
  { documentType: 'PROOF_OF_ADDRESS', issueDateRequired: true, expiryDateRequired: false, documentNumberRequired: false, multipleFileRequired: false },
  { documentType: 'BANK_STATEMENT', issueDateRequired: true, expiryDateRequired: false, documentNumberRequired: false, multipleFileRequired: false },
  { documentType: 'SOURCE_OF_FUNDS', issueDateRequired: false, expiryDateRequired: false, documentNumberRequired: false, multipleFileRequired: false },
  { documentType: 'OTHER', issueDateRequired: false, expiryDateRequired: false, documentNumberRequired: false, multipleFileRequired: false },
] as const satisfies readonly DocumentType[];

export type DocumentTypeCode = (typeof DOCUMENT_TYPES)[number]['documentType'];
export const documentTypeCodes = DOCUMENT_TYPES.map((type) => type.documentType) as [DocumentTypeCode, ...DocumentTypeCode[]];

export function documentTypeFlags(code: string): DocumentType | undefined {
  return DOCUMENT_TYPES.find((type) => type.documentType === code);
}

export const getDocumentTypesResponseSchema = z.object({ status: z.literal('SUCCESS'), documentTypes: z.array(documentTypeSchema) });
export type GetDocumentTypesResponse = z.infer<typeof getDocumentTypesResponseSchema>;
