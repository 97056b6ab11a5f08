import { MAX_DOCUMENT_BYTES, sniffDocumentType } from '../../../../contracts/platform/documents/file-rules';

export type PreparedFile = { ok: true; file: File; converted: boolean; scaled: boolean } | { ok: false; reason: 'type' | 'size' | 'unreadable' | 'heic' };

/** HEIF/HEIC photos (iPhones' default) start with an ISO box `ftyp` and one of these brands. */
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];
/** Photos are scaled to fit this box before upload when they are too large (the server keeps at most 4000 px). */
const MAX_EDGE = 4_000;

function isHeic(head: Uint8Array): boolean {
  const ascii = String.fromCharCode(...head.subarray(4, 12));
  return ascii.startsWith('ftyp') && HEIC_BRANDS.includes(ascii.slice(4, 8));
}

const renamed = (name: string, extension: string) => `${name.replace(/\.[^.]*$/, '') || 'document'}.${extension}`;

async function toJpeg(source: Blob, maxEdge: number, quality: number): Promise<Blob | null> {
  const bitmap = await createImageBitmap(source).catch(() => null);
  if (!bitmap) return null;
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * Checks and prepares a file before upload, so that no player is turned away by a size limit
 * (issue 13): HEIC photos are converted to JPEG where the browser decodes them, photos over 10 MB or
 * larger than 4000 px are scaled down in a canvas, and anything that is not PNG, JPEG or PDF by its
 * first bytes is refused. The server checks everything again; this is for the player's sake.
 */
export async function prepareDocumentFile(file: File): Promise<PreparedFile> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  let kind = sniffDocumentType(head);
  let working: Blob = file;
  let name = file.name;
  let converted = false;
  if (kind === null && isHeic(head)) {
    // Safari (where iPhone photos are chosen) decodes HEIC itself; the image is redrawn as JPEG.
    // Browsers that cannot decode it say so: the in-browser HEIC libraries need eval and blob
    // workers, which the portal's Content Security Policy forbids.
    const output = await toJpeg(file, MAX_EDGE, 0.9);
    if (!output) return { ok: false, reason: 'heic' };
    working = output;
    name = renamed(file.name, 'jpg');
    kind = 'image/jpeg';
    converted = true;
  }
  if (kind === null) return { ok: false, reason: 'type' };
  if (kind === 'application/pdf')
    return working.size > MAX_DOCUMENT_BYTES ? { ok: false, reason: 'size' } : { ok: true, file, converted: false, scaled: false };

  let scaled = false;
  if (working.size > MAX_DOCUMENT_BYTES || (await tooLarge(working))) {
    let quality = 0.9;
    let output = await toJpeg(working, MAX_EDGE, quality);
    while (output && output.size > MAX_DOCUMENT_BYTES && quality > 0.5) {
      quality -= 0.15;
      output = await toJpeg(working, MAX_EDGE, quality);
    }
    if (!output) return { ok: false, reason: 'unreadable' };
    if (output.size > MAX_DOCUMENT_BYTES) return { ok: false, reason: 'size' };
    working = output;
    name = renamed(name, 'jpg');
    kind = 'image/jpeg';
    scaled = true;
  }
  if (!converted && !scaled) return { ok: true, file, converted, scaled };
  return { ok: true, file: new File([working], name, { type: kind }), converted, scaled };
}

async function tooLarge(image: Blob): Promise<boolean> {
  const bitmap = await createImageBitmap(image).catch(() => null);
  if (!bitmap) return false;
  const large = Math.max(bitmap.width, bitmap.height) > MAX_EDGE;
  bitmap.close();
  return large;
}
