import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import pino from 'pino';
import sharp from 'sharp';
import { loadConfig } from '../../server/config/env';
import { createMailer } from '../../server/mail';
import { reviewPlayerDocuments } from '../../server/platform/documents';
import type { TestServer } from './test-server';

/** Real files for document tests, made here rather than committed: a photo, a scan, PDFs good and bad. */

/** A JPEG "photo" with EXIF metadata (camera and GPS-like text) that must not survive the upload. */
export async function photoWithMetadata(width = 640, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="40" y="40" width="${width - 80}" height="${height - 80}" fill="#eee"/><text x="60" y="120" font-size="40">ID CARD</text></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Model-X', ImageDescription: 'GPS 53.2707 -9.0568 home' } })
    .toBuffer();
}

export async function scanPng(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 240 } } })
    .png()
    .toBuffer();
}

/** A PNG whose header claims enormous dimensions (a decompression bomb's first step); its CRCs are right. */
export async function enormousPng(width = 100_000, height = 100_000): Promise<Buffer> {
  const small = await scanPng(1, 1);
  const png = Buffer.from(small);
  // The IHDR chunk starts at byte 8: length(4) 'IHDR'(4) width(4) height(4) …, CRC over type+data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A minimal, well-formed PDF; `extra` adds dictionary entries to its catalogue, `streams` Flate streams. */
export function pdf(options: { catalogueExtra?: string; compressed?: string; trailing?: string } = {}): Buffer {
  const objects: (string | Buffer)[] = [
    `1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${options.catalogueExtra ?? ''}>>\nendobj\n`,
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
  ];
  if (options.compressed) {
    const data = deflateSync(Buffer.from(options.compressed, 'latin1'));
    objects.push(
      Buffer.concat([
        Buffer.from(`4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]),
    );
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(parts.reduce((sum, part) => sum + part.length, 0));
    parts.push(typeof object === 'string' ? Buffer.from(object, 'latin1') : object);
  }
  const xrefAt = parts.reduce((sum, part) => sum + part.length, 0);
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  parts.push(Buffer.from(xref + (options.trailing ?? ''), 'latin1'));
  return Buffer.concat(parts);
}

/**
 * A 320×200 HEIC photo (an iPhone's default format), made once with Debian's `heif-enc -q 50` from a
 * flat red JPEG; sharp's prebuilt libvips can read but not write HEVC, so it is kept here as text.
 */
export const heicPhoto = (): Buffer =>
  Buffer.from(
    'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAT9tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFjAAEAAAAAAAAAbgAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAv2lwcnAAAAChaXBjbwAAAHVodmNDAQNwAAAAAAAAAAAAPPAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAPLoCQCEAAQAoQgEBA3AAAAMAkAAAAwAAAwA8oAoIDJZbqSSmubAgAAADACAAAAMAISIAAQAHRAHBcrBiQAAAABRpc3BlAAAAAAAAAUAAAADIAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAoMAAAB2bWRhdAAAAGooAa8TIaFA+OUzwJ//4lqP/2Pc8Pr1TrVD0Vd3Sbu/HI8G4qAAA8wAC1ii5Hg3FQAAIQAAMUABhABLwJMAALYABFgAAAMAAAMAKaDKBhAAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAAoI',
    'base64',
  );

/** The first bytes of a Linux program: what a "renamed executable" really is. */
export function elfExecutable(): Buffer {
  const header = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]).copy(header);
  return header;
}

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
  field?: string;
}

/** A multipart save as the portal sends it, with the session cookie. */
export async function uploadDocument(baseUrl: string, cookie: string | null, pathName: string, fields: Record<string, string>, files: UploadFile[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(
      file.field ?? (pathName.endsWith('s') ? 'files' : 'file'),
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const response = await fetch(`${baseUrl}/ps/${pathName}`, { method: 'POST', body: form, headers: cookie ? { cookie } : {} });
  const text = await response.text();
  let body: { status?: string; documentId?: string; errors?: { field: string; error: string }[]; message?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = {};
  }
  return { status: response.status, body };
}

const root = path.resolve(import.meta.dirname, '../..');

/** Staff's decision through the documents service, as `npm run kyc:review` makes it. */
export async function reviewDocuments(server: TestServer, player: string, decision: 'approve' | 'reject', reason?: string) {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: server.url, SEED_DEMO_CONTENT: 'false' }, root);
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ db: server.db, from: config.MAIL_FROM, logger });
  return reviewPlayerDocuments({ db: server.db, mailer, config, logger }, { player, decision, reason, reviewer: 'test staff' });
}
