import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../../contracts/platform/documents/file-rules';
import { displayFileName, DocumentFileRefusal, inspectDocumentFile } from './file-inspection';

const minimalPdf = (body: string, extra = '') =>
  Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog ${body} >>\nendobj\nxref\n0 1\ntrailer\n<< /Root 1 0 R >>\nstartxref\n9\n%%EOF\n${extra}`, 'latin1');
const reason = async (bytes: Buffer) => {
  try {
    await inspectDocumentFile(bytes);
    return 'accepted';
  } catch (error) {
    if (error instanceof DocumentFileRefusal) return error.reason;
    throw error;
  }
};

describe('document file inspection (DOC-11, DOC-12, DIS-12)', () => {
  it('judges by the first bytes: PNG, JPEG and PDF only', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    expect((await inspectDocumentFile(png)).contentType).toBe('image/png');
    expect(await reason(Buffer.from('GIF89a....'))).toBe('type');
    expect(await reason(Buffer.from('MZ\x90\x00 program', 'latin1'))).toBe('type');
    expect(await reason(Buffer.alloc(0))).toBe('required');
    expect(await reason(Buffer.alloc(MAX_DOCUMENT_BYTES + 1))).toBe('size');
  });

  it('a PNG signature on something that is not a PNG is unreadable', async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer();
    const forged = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    expect(await reason(forged)).toBe('unreadable');
  });

  it('accepts a plain PDF and refuses active content, however it is written', async () => {
    expect(await reason(minimalPdf('/Pages 2 0 R'))).toBe('accepted');
    expect(await reason(minimalPdf('/OpenAction << /S /JavaScript /JS (x) >>'))).toBe('pdfActive');
    expect(await reason(minimalPdf('/OpenAction << /S /#4A#61vaScript >>'))).toBe('pdfActive');
    expect(await reason(minimalPdf('/AA << /O 3 0 R >>'))).toBe('pdfActive');
    expect(await reason(minimalPdf('/Names << /EmbeddedFiles 4 0 R >>'))).toBe('pdfActive');
    const hidden = deflateSync(Buffer.from('<< /S /Launch /F (calc.exe) >>'));
    const withStream = Buffer.concat([
      Buffer.from('%PDF-1.7\n4 0 obj\n<< /Type /ObjStm /Filter /FlateDecode >>\nstream\n', 'latin1'),
      hidden,
      Buffer.from('\nendstream\nendobj\ntrailer\n<< >>\nstartxref\n9\n%%EOF\n', 'latin1'),
    ]);
    expect(await reason(withStream)).toBe('pdfActive');
  });

  it('refuses a PDF with data after its end, without a trailer, or with markup', async () => {
    expect(await reason(minimalPdf('', 'PK\x03\x04'))).toBe('unreadable');
    expect(await reason(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n'))).toBe('unreadable');
    expect(await reason(minimalPdf('/Title (<script>alert(1)</script>)'))).toBe('pdfActive');
    expect(await reason(Buffer.from('%PDF-9.9\ntrailer\nstartxref\n1\n%%EOF'))).toBe('unreadable');
  });

  it('shows only a clean base name with the real extension', () => {
    expect(displayFileName('../../etc/passwd.png', 'png')).toBe('passwd.png');
    expect(displayFileName('C:\\Users\\me\\scan.PDF', 'pdf')).toBe('scan.pdf');
    expect(displayFileName('photo.heic.exe', 'jpg')).toBe('photo.heic.jpg');
    expect(displayFileName('\u202Egnp.exe', 'png')).toBe('gnp.png');
    expect(displayFileName('...', 'png')).toBe('document.png');
    expect(displayFileName(undefined, 'pdf')).toBe('document.pdf');
    expect(displayFileName('a"b<c>.png', 'png')).toBe('abc.png');
  });
});
