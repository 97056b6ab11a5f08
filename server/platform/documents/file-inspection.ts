import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { documentFileMessages, MAX_DOCUMENT_BYTES, sniffDocumentType, type DocumentContentType } from '../../../contracts/platform/documents/file-rules';

/** Why a file was refused; the handler names the file's field with the message. */
export class DocumentFileRefusal extends Error {
  constructor(
    readonly reason: keyof typeof documentFileMessages,
    readonly tooLarge = false,
  ) {
    super(documentFileMessages[reason]);
    this.name = 'DocumentFileRefusal';
  }
}

export interface InspectedFile {
  contentType: DocumentContentType;
  extension: 'png' | 'jpg' | 'pdf';
  /** What is stored: images re-encoded without metadata, PDFs as sent once checked. */
  bytes: Buffer;
}

/**
 * Enough for a phone photo of a document (a 108-megapixel camera is about 12,000 × 9,000), far
 * below what a decompression bomb needs: sharp refuses a larger input before decoding its pixels.
 */
export const MAX_IMAGE_PIXELS = 120_000_000;
/** Stored images are scaled to fit this box: readable for a reviewer, small to keep. */
const STORED_IMAGE_EDGE = 4_000;

/**
 * DOC-11, DOC-12: a file is judged by its content. Its first bytes must be PNG, JPEG or PDF,
 * whatever its name or claimed type. Images are decoded and re-encoded, which drops metadata
 * (EXIF location, camera, thumbnails) and anything appended or hidden after the pixels (a
 * polyglot's second payload). PDFs must be well-formed at both ends and carry no active content.
 */
export async function inspectDocumentFile(bytes: Buffer): Promise<InspectedFile> {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentFileRefusal('size', true);
  if (bytes.length === 0) throw new DocumentFileRefusal('required');
  const contentType = sniffDocumentType(bytes.subarray(0, 16));
  if (contentType === null) throw new DocumentFileRefusal('type');
  if (contentType === 'application/pdf') {
    checkPdf(bytes);
    return { contentType, extension: 'pdf', bytes };
  }
  return reencodeImage(bytes, contentType);
}

async function reencodeImage(bytes: Buffer, contentType: 'image/png' | 'image/jpeg'): Promise<InspectedFile> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const, sequentialRead: true };
  let format: string | undefined;
  try {
    const metadata = await sharp(bytes, options).metadata();
    format = metadata.format;
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) throw new DocumentFileRefusal('dimensions');
  } catch (error) {
    if (error instanceof DocumentFileRefusal) throw error;
    throw new DocumentFileRefusal(/pixel limit/i.test(String(error)) ? 'dimensions' : 'unreadable');
  }
  // The decoder must agree with the first bytes: a PNG signature on another format is not a PNG.
  const expected = contentType === 'image/png' ? 'png' : 'jpeg';
  if (format !== expected) throw new DocumentFileRefusal('unreadable');
  try {
    // rotate() applies the EXIF orientation before the metadata that holds it is dropped.
    const pipeline = sharp(bytes, options).rotate().resize({ width: STORED_IMAGE_EDGE, height: STORED_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
    const output = expected === 'png' ? await pipeline.png({ compressionLevel: 9 }).toBuffer() : await pipeline.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    return { contentType, extension: expected === 'png' ? 'png' : 'jpg', bytes: output };
  } catch (error) {
    throw new DocumentFileRefusal(/pixel limit/i.test(String(error)) ? 'dimensions' : 'unreadable');
  }
}

/** Names that make a PDF do something when opened: scripts, launching programs, embedded files, forms that submit. */
const ACTIVE_PDF_NAMES = [
  '/javascript',
  '/js',
  '/launch',
  '/embeddedfile',
  '/embeddedfiles',
  '/richmedia',
  '/xfa',
  '/aa',
  '/submitform',
  '/importdata',
  '/gotoe',
  '/gotor',
];
/** Decompressed stream text scanned at most: enough for any document's object streams, bounded for a zip bomb. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

function checkPdf(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(text)) throw new DocumentFileRefusal('unreadable');
  // The file must end at its last end-of-file marker (only line ends after it): bytes appended
  // after a PDF are how PDF polyglots carry a second format.
  const end = text.lastIndexOf('%%EOF');
  if (end < 0 || !/^[\s\0]*$/.test(text.slice(end + 5))) throw new DocumentFileRefusal('unreadable');
  if (!/\btrailer\b|\/Type\s*\/XRef\b/.test(text) || !/startxref\s+\d+/.test(text)) throw new DocumentFileRefusal('unreadable');
  // HTML or script markup inside a PDF is a polyglot sign whatever a reader would make of it.
  if (/<\s*(script|html|body|svg|iframe)\b/i.test(text)) throw new DocumentFileRefusal('pdfActive');
  if (hasActiveNames(text)) throw new DocumentFileRefusal('pdfActive');
  // Object streams (PDF 1.5) can hide dictionaries inside compressed streams: look inside them too.
  let inflated = 0;
  for (const stream of flateStreams(bytes)) {
    // More compressed content than any document needs is refused rather than left unread.
    if (inflated >= MAX_INFLATED_BYTES) throw new DocumentFileRefusal('unreadable');
    let content: Buffer;
    try {
      content = inflateSync(stream, { maxOutputLength: MAX_INFLATED_BYTES - inflated });
    } catch (error) {
      if (String(error).includes('maxOutputLength') || String(error).includes('Cannot create a Buffer')) throw new DocumentFileRefusal('unreadable');
      continue; // not Flate data (an image stream, say): nothing to read as names.
    }
    inflated += content.length;
    if (hasActiveNames(content.toString('latin1'))) throw new DocumentFileRefusal('pdfActive');
  }
}

/** PDF names may escape characters as #xx (/J#61vaScript): decode them before comparing. */
function hasActiveNames(text: string): boolean {
  // One name at a time: a file of millions of names never becomes one array of them.
  const pattern = /\/[^\s/<>[\]()%{}]+/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const name = match[0].replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).toLowerCase();
    if (ACTIVE_PDF_NAMES.includes(name)) return true;
  }
  return false;
}

function* flateStreams(bytes: Buffer): Generator<Buffer> {
  const text = bytes.toString('latin1');
  const pattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const start = match.index + match[0].length;
    const stop = text.indexOf('endstream', start);
    if (stop < 0) return;
    const header = text.slice(Math.max(0, match.index - 400), match.index);
    if (/\/FlateDecode/.test(header)) yield bytes.subarray(start, stop);
    pattern.lastIndex = stop;
  }
}

/**
 * The name shown to the player for a file: the base name of what they sent (no folders, no control
 * characters), with the extension of what it really is. It is never used to store the file.
 */
export function displayFileName(sent: string | undefined, extension: string): string {
  const base = (sent ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  const stem = cleaned.replace(/\.[^.]*$/, '') || 'document';
  return `${stem}.${extension}`;
}
