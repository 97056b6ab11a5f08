import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../contracts/platform/documents/document-types';
import { MAX_DOCUMENT_BYTES } from '../../contracts/platform/documents/file-rules';
import { player, userDocument, userDocumentFile } from '../../server/db/schema';
import { ApiClient } from '../support/api-client';
import { elfExecutable, enormousPng, pdf, photoWithMetadata, reviewDocuments, scanPng, uploadDocument } from '../support/documents';
import { startTestServer, type TestServer } from '../support/test-server';

interface DocumentsBody {
  status: string;
  userDocuments: {
    id: string;
    documentType: string;
    uploadDate: string;
    status: string;
    reviewDate: string | null;
    documentNumber: string | null;
    issueDate: string | null;
    userDocumentFiles: { id: string; fileName: string; side: string; contentType: string; size: number }[];
  }[];
}

const today = new Date();
const isoDay = (offsetDays: number) => new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const passportFields = { documentType: 'PASSPORT', issueDate: isoDay(-365), expiryDate: isoDay(365), documentNumber: 'PA1234567' };
const utilityBill = { documentType: 'PROOF_OF_ADDRESS', issueDate: isoDay(-30) };

describe('documents (DOC-*, DIS-12, NS-27)', () => {
  let server: TestServer;
  let storageDir: string;

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), 'emerald-documents-'));
    server = await startTestServer({ DOCUMENT_DIR: storageDir });
  });
  afterAll(() => server.close());

  const signedIn = async (options: Parameters<TestServer['createSignedInPlayer']>[0] = {}) => {
    const created = await server.createSignedInPlayer({ kycStatus: 'ID_CHECK_LOCK', ...options });
    const client = new ApiClient(server.url);
    client.cookies.set('SESSION_KEY', created.token);
    return { ...created, client };
  };
  const storedFiles = async () =>
    (await readdir(storageDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  const documentCount = async (partyId: string) => (await server.db.select().from(userDocument).where(eq(userDocument.playerId, partyId))).length;

  it('DOC-18 getDocumentTypes answers every type with its required-field flags', async () => {
    const response = await new ApiClient(server.url).get<{ status: string; documentTypes: unknown[] }>('/ps/getDocumentTypes');
    expect(response.status).toBe(200);
    expect(response.body.documentTypes).toEqual(DOCUMENT_TYPES);
    expect(response.body.documentTypes).toContainEqual({
      documentType: 'IDENTITY_CARD',
      issueDateRequired: false,
      expiryDateRequired: true,
      documentNumberRequired: true,
      multipleFileRequired: true,
    });
  });

  it('DOC-19 DOC-17 a single save stores a re-encoded photo without its metadata; the owner lists and downloads it as an attachment', async () => {
    const { client, cookie, partyId } = await signedIn();
    const photo = await photoWithMetadata();
    expect(photo.includes(Buffer.from('SecretCam'))).toBe(true);
    const saved = await uploadDocument(server.url, cookie, 'saveUserDocument', passportFields, [{ name: 'my passport.JPG', bytes: photo, type: 'image/jpeg' }]);
    expect(saved).toMatchObject({ status: 200, body: { status: 'SUCCESS', refresh: true } });

    const list = await client.get<DocumentsBody>('/ps/getUserDocuments');
    expect(list.status).toBe(200);
    const [document] = list.body.userDocuments;
    expect(document).toMatchObject({
      id: saved.body.documentId,
      documentType: 'PASSPORT',
      status: 'NOT_REVIEWED',
      reviewDate: null,
      documentNumber: 'PA1234567',
      issueDate: passportFields.issueDate,
    });
    expect(Date.parse(document?.uploadDate ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(document?.userDocumentFiles).toEqual([expect.objectContaining({ fileName: 'my passport.jpg', side: 'FRONT', contentType: 'image/jpeg' })]);

    const fileId = document?.userDocumentFiles[0]?.id ?? '';
    const download = await fetch(`${server.url}/ps/getUserDocumentFile?fileId=${fileId}`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="my passport\.jpg"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    const stored = Buffer.from(await download.arrayBuffer());
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(stored.includes(Buffer.from('53.2707'))).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 640, height: 400 });
    expect(metadata.exif).toBeUndefined();
    // Stored outside the web root under a name the server made, never the player's.
    const [row] = await server.db.select().from(userDocumentFile).where(eq(userDocumentFile.id, fileId));
    expect(row?.storageKey).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect((await storedFiles()).some((file) => file.endsWith(row?.storageKey ?? '-'))).toBe(true);
    expect(await documentCount(partyId)).toBe(1);
  });

  it('DOC-20 a multiple save keeps each file on its side from the fileTypes map; PDFs are accepted', async () => {
    const { client, cookie } = await signedIn();
    const saved = await uploadDocument(
      server.url,
      cookie,
      'saveUserDocuments',
      {
        documentType: 'IDENTITY_CARD',
        issueDate: isoDay(-400),
        expiryDate: isoDay(800),
        documentNumber: '123456AB',
        fileTypes: JSON.stringify({ 'back.png': 'BACK', 'front.pdf': 'FRONT' }),
      },
      [
        { name: 'front.pdf', bytes: pdf(), type: 'application/pdf' },
        { name: 'back.png', bytes: await scanPng(), type: 'image/png' },
      ],
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = await client.get<DocumentsBody>('/ps/getUserDocuments');
    const files = list.body.userDocuments[0]?.userDocumentFiles ?? [];
    expect(files.map((file) => [file.fileName, file.side, file.contentType]).sort()).toEqual([
      ['back.png', 'BACK', 'image/png'],
      ['front.pdf', 'FRONT', 'application/pdf'],
    ]);
  });

  it('DOC-12 a renamed executable is refused by its content, whatever its name and claimed type, and nothing is stored', async () => {
    const { cookie, partyId } = await signedIn();
    const before = (await storedFiles()).length;
    const answer = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [{ name: 'bill.png', bytes: elfExecutable(), type: 'image/png' }]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'file', error: 'bill: Only .png, .jpg and .pdf files are accepted' }]);
    const html = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [
      { name: 'bill.pdf', bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'application/pdf' },
    ]);
    expect(html.status).toBe(400);
    expect(await documentCount(partyId)).toBe(0);
    expect((await storedFiles()).length).toBe(before);
  });

  it('polyglots: a PNG carrying a script after its pixels is stored as the image only; PDFs with active content or data after the end are refused', async () => {
    const { client, cookie, partyId } = await signedIn();
    const payload = '<script>alert(document.cookie)</script><?php system($_GET["c"]); ?>';
    const polyglot = Buffer.concat([await scanPng(), Buffer.from(payload)]);
    const saved = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [{ name: 'bill.png', bytes: polyglot, type: 'image/png' }]);
    expect(saved.status).toBe(200);
    const fileId = (await client.get<DocumentsBody>('/ps/getUserDocuments')).body.userDocuments[0]?.userDocumentFiles[0]?.id ?? '';
    const stored = Buffer.from(await (await fetch(`${server.url}/ps/getUserDocumentFile?fileId=${fileId}`, { headers: { cookie } })).arrayBuffer());
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('<?php'))).toBe(false);

    const refused = [
      pdf({ catalogueExtra: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' }),
      pdf({ catalogueExtra: '/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >>' }),
      pdf({ catalogueExtra: '/OpenAction << /S /Launch /F (cmd.exe) >>' }),
      pdf({ compressed: '5 0 << /S /JavaScript /JS (app.alert(1)) >>' }),
      pdf({ trailing: '<html><body><script>alert(1)</script></body></html>' }),
      pdf({ trailing: 'PK\x03\x04 zipped payload' }),
    ];
    for (const [index, bytes] of refused.entries()) {
      const answer = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [
        { name: `statement-${index}.pdf`, bytes, type: 'application/pdf' },
      ]);
      expect(answer.status, `pdf ${index}`).toBe(400);
      expect(answer.body.errors?.[0]?.field).toBe('file');
    }
    expect(await documentCount(partyId)).toBe(1);
  });

  it('DOC-11 a file over 10 MB is refused with 413 naming the file, and nothing is stored', async () => {
    const { cookie, partyId } = await signedIn();
    const before = (await storedFiles()).length;
    const big = Buffer.concat([pdf(), Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - pdf().length, 0x20)]);
    const answer = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [{ name: 'huge.pdf', bytes: big, type: 'application/pdf' }]);
    expect(answer.status).toBe(413);
    expect(answer.body.status).toBe('BODY_TOO_LARGE');
    expect(answer.body.errors?.[0]).toMatchObject({ field: 'file', error: expect.stringContaining('larger than 10MB') });
    expect(await documentCount(partyId)).toBe(0);
    expect((await storedFiles()).length).toBe(before);
  });

  it('an image with enormous dimensions is refused before its pixels are decoded', async () => {
    const { cookie, partyId } = await signedIn();
    const started = Date.now();
    const answer = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [
      { name: 'bomb.png', bytes: await enormousPng(), type: 'image/png' },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'file', error: 'bomb: The image is too large to process' }]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await documentCount(partyId)).toBe(0);
  });

  it('a path in the file name never reaches storage: the stored name is the server’s, the shown name only the base name', async () => {
    const { client, cookie } = await signedIn();
    const saved = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [
      { name: '../../../etc/cron.d/evil.png', bytes: await scanPng(), type: 'image/png' },
    ]);
    expect(saved.status).toBe(200);
    const windowsPath = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [
      { name: '..\\..\\Windows\\win.ini.png', bytes: await scanPng(), type: 'image/png' },
    ]);
    expect(windowsPath.status).toBe(200);
    const names = (await client.get<DocumentsBody>('/ps/getUserDocuments')).body.userDocuments.flatMap((document) =>
      document.userDocumentFiles.map((file) => file.fileName),
    );
    expect(names.sort()).toEqual(['evil.png', 'win.ini.png']);
    for (const file of await storedFiles()) {
      expect(file.startsWith(storageDir)).toBe(true);
      expect(path.basename(file)).toMatch(/^[0-9a-f-]{36}\.(png|jpg|pdf)$/);
    }
  });

  it('another player’s document file is 404, and so is an unknown one; a bad id is 400 naming fileId', async () => {
    const owner = await signedIn();
    await uploadDocument(server.url, owner.cookie, 'saveUserDocument', utilityBill, [{ name: 'mine.png', bytes: await scanPng(), type: 'image/png' }]);
    const fileId = (await owner.client.get<DocumentsBody>('/ps/getUserDocuments')).body.userDocuments[0]?.userDocumentFiles[0]?.id ?? '';
    const other = await signedIn();
    const foreign = await other.client.get(`/ps/getUserDocumentFile?fileId=${fileId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ status: 'NOT_FOUND' });
    expect((await other.client.get<DocumentsBody>('/ps/getUserDocuments')).body.userDocuments).toEqual([]);
    expect((await other.client.get('/ps/getUserDocumentFile?fileId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await other.client.get<{ errors: { field: string }[] }>('/ps/getUserDocumentFile?fileId=../../etc/passwd');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error) => error.field)).toContain('fileId');
  });

  it('no session: every signed-in operation answers 401 and nothing is stored', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('/ps/getUserDocuments')).status).toBe(401);
    expect((await anonymous.get('/ps/getUserDocumentFile?fileId=00000000-0000-4000-8000-000000000000')).status).toBe(401);
    const before = (await storedFiles()).length;
    for (const operation of ['saveUserDocument', 'saveUserDocuments']) {
      const answer = await uploadDocument(server.url, null, operation, utilityBill, [{ name: 'a.png', bytes: await scanPng(), type: 'image/png' }]);
      expect(answer.status, operation).toBe(401);
      expect(answer.body.status).toBe('NOT_LOGGED_IN_ERROR');
      const expired = await uploadDocument(server.url, 'SESSION_KEY=not-a-session', operation, utilityBill, [
        { name: 'a.png', bytes: await scanPng(), type: 'image/png' },
      ]);
      expect(expired.status).toBe(401);
    }
    expect((await storedFiles()).length).toBe(before);
  });

  it('DOC-09 DOC-16 bad input is a 400 naming the field (lower-cased names the portal matches), and changes nothing', async () => {
    const { client, cookie, partyId } = await signedIn();
    const png = await scanPng();
    const cases: [string, Record<string, string>, { name: string; bytes: Buffer; field?: string }[], string][] = [
      ['saveUserDocument', {}, [{ name: 'a.png', bytes: png }], 'documentType'],
      ['saveUserDocument', { documentType: 'LIBRARY_CARD' }, [{ name: 'a.png', bytes: png }], 'documentType'],
      // An identity document's issue date is optional (issue 27); a proof of address still needs one.
      ['saveUserDocument', { ...utilityBill, issueDate: '' }, [{ name: 'a.png', bytes: png }], 'issueDate'],
      ['saveUserDocument', { ...passportFields, expiryDate: '31/12/2030' }, [{ name: 'a.png', bytes: png }], 'expiryDate'],
      ['saveUserDocument', { ...passportFields, expiryDate: isoDay(-2) }, [{ name: 'a.png', bytes: png }], 'expiryDate'],
      ['saveUserDocument', { ...passportFields, documentNumber: '' }, [{ name: 'a.png', bytes: png }], 'documentNumber'],
      ['saveUserDocument', { ...passportFields, documentNumber: '<script>' }, [{ name: 'a.png', bytes: png }], 'documentNumber'],
      ['saveUserDocument', { ...passportFields, issueDate: isoDay(30) }, [{ name: 'a.png', bytes: png }], 'issueDate'],
      ['saveUserDocument', passportFields, [], 'file'],
      ['saveUserDocument', passportFields, [{ name: 'a.png', bytes: png, field: 'picture' }], 'picture'],
      ['saveUserDocument', { ...passportFields, sessionKey: 'abc' }, [{ name: 'a.png', bytes: png }], 'sessionKey'],
      // An identity card has two sides (multipleFileRequired).
      [
        'saveUserDocuments',
        { documentType: 'IDENTITY_CARD', issueDate: isoDay(-1), expiryDate: isoDay(100), documentNumber: '123456AB' },
        [{ name: 'a.png', bytes: png }],
        'files',
      ],
      ['saveUserDocuments', { ...utilityBill, fileTypes: '{not json' }, [{ name: 'a.png', bytes: png }], 'fileTypes'],
      ['saveUserDocuments', { ...utilityBill, fileTypes: JSON.stringify({ 'a.png': 'SIDEWAYS' }) }, [{ name: 'a.png', bytes: png }], 'fileTypes'],
      ['saveUserDocuments', { ...utilityBill, fileTypes: JSON.stringify({ 'other.png': 'FRONT' }) }, [{ name: 'a.png', bytes: png }], 'fileTypes'],
      ['saveUserDocuments', utilityBill, [1, 2, 3, 4].map((index) => ({ name: `${index}.png`, bytes: png })), 'files'],
    ];
    for (const [operation, fields, files, field] of cases) {
      const answer = await uploadDocument(server.url, cookie, operation, fields, files);
      expect(answer.status, `${operation} ${field} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(
        answer.body.errors?.map((error) => error.field),
        `${operation} ${JSON.stringify(fields)}`,
      ).toContain(field);
    }
    // A JSON body is not a multipart upload.
    const json = await client.post('/ps/saveUserDocument', passportFields);
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ status: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await documentCount(partyId)).toBe(0);
  });

  it('a quick registration may not upload yet (sign-up step 2 comes first)', async () => {
    const { cookie } = await signedIn({ registrationStatus: 'QUICK_REG', kycStatus: 'NOT_CHECKED' });
    const answer = await uploadDocument(server.url, cookie, 'saveUserDocument', utilityBill, [{ name: 'a.png', bytes: await scanPng() }]);
    expect(answer.status).toBe(403);
  });

  it('review: approval marks the documents APPROVED, moves kycStatus to PASS and tells the player by e-mail and message; rejection says why', async () => {
    const approved = await signedIn();
    await uploadDocument(server.url, approved.cookie, 'saveUserDocument', passportFields, [{ name: 'p.jpg', bytes: await photoWithMetadata() }]);
    const [row] = await server.db.select().from(player).where(eq(player.id, approved.partyId));
    const outcome = await reviewDocuments(server, row?.username ?? '', 'approve');
    expect(outcome).toMatchObject({ documents: 1, kycStatus: 'PASS' });
    const [after] = await server.db.select().from(player).where(eq(player.id, approved.partyId));
    expect(after?.kycStatus).toBe('PASS');
    const documents = (await approved.client.get<DocumentsBody>('/ps/getUserDocuments')).body.userDocuments;
    expect(documents[0]).toMatchObject({ status: 'APPROVED', reviewDate: expect.any(String) });
    expect((await server.outbox(row?.email ?? '')).map((mail) => mail.template)).toContain('documents-approved');
    const messages = await approved.client.get<{ messages: { kind: string; subject: string }[] }>('/ps/getPlayerMessages');
    expect(messages.body.messages).toContainEqual(expect.objectContaining({ kind: 'DOCUMENT_DECISION', subject: 'Your documents have been verified' }));
    // Nothing left to review.
    await expect(reviewDocuments(server, row?.username ?? '', 'approve')).rejects.toMatchObject({ status: 'NOT_FOUND' });

    const rejected = await signedIn();
    await uploadDocument(server.url, rejected.cookie, 'saveUserDocument', utilityBill, [{ name: 'bill.png', bytes: await scanPng() }]);
    const [rejectedRow] = await server.db.select().from(player).where(eq(player.id, rejected.partyId));
    const refusal = await reviewDocuments(server, rejectedRow?.username ?? '', 'reject', 'The photo is blurred');
    expect(refusal).toMatchObject({ documents: 1, kycStatus: 'ID_CHECK_LOCK' });
    expect((await rejected.client.get<DocumentsBody>('/ps/getUserDocuments')).body.userDocuments[0]?.status).toBe('REJECTED');
    const [mail] = (await server.outbox(rejectedRow?.email ?? '')).filter((entry) => entry.template === 'documents-rejected');
    expect(mail?.text).toContain('Reason: The photo is blurred');
    expect(mail?.text).toContain('/identification');
    const rejection = await rejected.client.get<{ messages: { kind: string; subject: string; body: string }[] }>('/ps/getPlayerMessages');
    expect(rejection.body.messages[0]).toMatchObject({
      kind: 'DOCUMENT_DECISION',
      subject: 'We could not verify your documents',
      body: expect.stringContaining('The photo is blurred'),
    });
  });
});
