import { z } from 'zod';
import { idNumberPatterns, publicFigureSchema } from './identification';

/**
 * What a player declares about their identity document when they send it for review (issue 27),
 * shared by the identification form and the server, which checks it again.
 *
 * Two schemes. DOCUMENT is how identity is verified in Ireland and Great Britain: a passport,
 * driving licence or national identity card (number, issuing country, expiry date, an optional
 * issue date, the names as printed) and a proof of address. REGISTER is the specification's
 * population-register form (KYC-16…20: birth names, mother's maiden name, birthplace, address card
 * number), kept for a country the operator configures to need it (IDENTITY_REGISTER_COUNTRIES).
 */
export const identitySchemes = ['DOCUMENT', 'REGISTER'] as const;
export const identitySchemeSchema = z.enum(identitySchemes);
export type IdentityScheme = z.infer<typeof identitySchemeSchema>;

/** The scheme of a player's declared country. */
export function identitySchemeFor(country: string | null | undefined, registerCountries: readonly string[]): IdentityScheme {
  return country && registerCountries.includes(country.toUpperCase()) ? 'REGISTER' : 'DOCUMENT';
}

/** The identity documents, in the order the form offers them (codes of KYC-10). */
export const identityDocumentCodes = ['PASSPORT', 'driving_license', 'IDENTITY_CARD'] as const;
export type IdentityDocumentCode = (typeof identityDocumentCodes)[number];
export function isIdentityDocument(code: string): code is IdentityDocumentCode {
  return (identityDocumentCodes as readonly string[]).includes(code);
}

/** The form's and the server's words; the portal shows each in the player's language. */
export const identityMessages = {
  required: 'This field is required',
  document: 'Please choose a document',
  number: 'Incorrect format',
  country: 'Please choose the issuing country',
  date: 'Use the format YYYY-MM-DD',
  expired: 'The document has expired',
  issueFuture: 'The issue date cannot be in the future',
  expiryBeforeIssue: 'The expiry date must be after the issue date',
  publicFigure: 'Please answer this question',
  tooLong: 'Too long',
} as const;

/**
 * A document number as Irish and British documents print it: letters and digits, 5 to 20 of them
 * (an Irish passport PA1234567, a British passport 123456789, a DVLA licence MORGA657054SM9IJ).
 * The register scheme keeps the specification's formats (KYC-11…13).
 */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9]{5,20}$/;

const text = (max: number) => z.string().trim().min(1, { message: identityMessages.required }).max(max, { message: identityMessages.tooLong });
const isoDay = z.iso.date({ message: identityMessages.date });

const documentDetails = {
  firstName: text(60),
  lastName: text(60),
  issuingCountry: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { message: identityMessages.country })
    .transform((value) => value.toUpperCase()),
  streetAddress: text(120),
  city: text(60),
  postalCode: text(16),
  publicFigure: publicFigureSchema,
};

/** The declared data kept with the document (the server's `details`), by scheme. */
export const documentDeclarationSchema = z.object(documentDetails).strict();
export const registerDeclarationSchema = z
  .object({
    ...documentDetails,
    birthSurname: text(60),
    birthName: text(60),
    motherMaidenName: text(60),
    birthPlace: text(60),
    addressCardNumber: text(20),
  })
  .strict();
export type DocumentDeclaration = z.infer<typeof documentDeclarationSchema>;
export type RegisterDeclaration = z.infer<typeof registerDeclarationSchema>;

/** Which declared fields the reviewer and the player see, in this order. */
export const declarationFieldOrder = [
  'firstName',
  'lastName',
  'issuingCountry',
  'birthName',
  'birthSurname',
  'motherMaidenName',
  'birthPlace',
  'streetAddress',
  'city',
  'postalCode',
  'addressCardNumber',
  'publicFigure',
] as const;
export type DeclarationField = (typeof declarationFieldOrder)[number];

/**
 * The whole submission: the document's own fields (sent as the save's documentType, documentNumber,
 * issueDate, expiryDate) and the declared details. Dates are empty until the player types them;
 * the issue date may stay empty in the document scheme.
 */
export function identitySubmissionSchema(scheme: IdentityScheme, today: string = new Date().toISOString().slice(0, 10)) {
  return z
    .object({
      documentType: z.enum(identityDocumentCodes, { message: identityMessages.document }),
      documentNumber: z.string().trim().min(1, { message: identityMessages.required }).max(40, { message: identityMessages.tooLong }),
      issueDate: z.union([z.literal(''), isoDay]).optional(),
      expiryDate: z.string().trim().min(1, { message: identityMessages.required }).pipe(isoDay),
      details: scheme === 'REGISTER' ? registerDeclarationSchema : documentDeclarationSchema,
    })
    .superRefine(
      (submission, context) => {
        const day = /^\d{4}-\d{2}-\d{2}$/;
        const issueDate = typeof submission.issueDate === 'string' && day.test(submission.issueDate) ? submission.issueDate : '';
        const expiryDate = typeof submission.expiryDate === 'string' && day.test(submission.expiryDate) ? submission.expiryDate : '';
        const pattern = scheme === 'REGISTER' ? (idNumberPatterns[submission.documentType] ?? idNumberPatterns.IDENTITY_CARD) : DOCUMENT_NUMBER_PATTERN;
        const number = typeof submission.documentNumber === 'string' ? submission.documentNumber.trim() : '';
        if (number && !pattern.test(number)) context.addIssue({ code: 'custom', path: ['documentNumber'], message: identityMessages.number });
        if (scheme === 'REGISTER' && !submission.issueDate) context.addIssue({ code: 'custom', path: ['issueDate'], message: identityMessages.required });
        if (issueDate && issueDate > today) context.addIssue({ code: 'custom', path: ['issueDate'], message: identityMessages.issueFuture });
        if (expiryDate && expiryDate < today) context.addIssue({ code: 'custom', path: ['expiryDate'], message: identityMessages.expired });
        else if (issueDate && expiryDate && expiryDate <= issueDate)
          context.addIssue({ code: 'custom', path: ['expiryDate'], message: identityMessages.expiryBeforeIssue });
      },
      // Also while other fields are still wrong: the form checks one step at a time, and a step's
      // number must be judged before the later steps are filled in.
      { when: () => true },
    );
}
export type IdentitySubmission = z.infer<ReturnType<typeof identitySubmissionSchema>>;
export type IdentitySubmissionInput = z.input<ReturnType<typeof identitySubmissionSchema>>;

/**
 * GET /ps/getIdentitySubmission?documentId=…: what the player declared with one of their own
 * identity documents (another player's is 404).
 */
export const getIdentitySubmissionQuerySchema = z.object({ documentId: z.uuid({ message: 'Not a document id' }) });
export const identitySubmissionRecordSchema = z.object({
  documentId: z.string(),
  documentType: z.string(),
  status: z.enum(['NOT_REVIEWED', 'APPROVED', 'REJECTED']),
  documentNumber: z.string().nullable(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  details: z.record(z.string(), z.string()),
});
export type IdentitySubmissionRecord = z.infer<typeof identitySubmissionRecordSchema>;
export const getIdentitySubmissionResponseSchema = z.object({ status: z.literal('SUCCESS'), submission: identitySubmissionRecordSchema });

/** The identity document kept on the account once it is verified (getPlayerInfo, the back office). */
export const accountIdentityDocumentSchema = z.object({
  documentType: z.string(),
  documentNumber: z.string(),
  issuingCountry: z.string().nullable(),
  expiryDate: z.string().nullable(),
});
export type AccountIdentityDocument = z.infer<typeof accountIdentityDocumentSchema>;
