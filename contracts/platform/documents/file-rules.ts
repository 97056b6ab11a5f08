/**
 * What a document file may be (DOC-11, DOC-12, DIS-12), used by the portal before upload and by the
 * server, which alone decides: it judges a file by its first bytes, never by its name or the
 * Content-Type the browser claims.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Files in one save: front, back and one more (the identification flow's third, optional file). */
export const MAX_DOCUMENT_FILES = 3;
export const DOCUMENT_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

export type DocumentContentType = 'image/png' | 'image/jpeg' | 'application/pdf';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** The kind of file these leading bytes begin, or null when they are none of the accepted kinds. */
export function sniffDocumentType(head: Uint8Array): DocumentContentType | null {
  if (startsWith(head, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(head, JPEG_SIGNATURE)) return 'image/jpeg';
  if (startsWith(head, PDF_SIGNATURE)) return 'application/pdf';
  return null;
}

export const documentFileMessages = {
  type: 'Only .png, .jpg and .pdf files are accepted',
  size: 'The file is larger than 10MB',
  unreadable: 'The file could not be read as an image or PDF',
  dimensions: 'The image is too large to process',
  pdfActive: 'PDF files with scripts or actions are not accepted',
  required: 'Please choose a file',
  tooMany: 'Too many files',
} as const;
