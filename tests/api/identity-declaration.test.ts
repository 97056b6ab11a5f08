import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { ApiClient } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { scanPng, uploadDocument } from '../support/documents';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 27: Irish and British players identify with a passport, driving licence or national
 * identity card and a proof of address; the register fields stay for a country configured to need
 * them (IDENTITY_REGISTER_COUNTRIES); the declared data is kept with the document, shown to the
 * reviewer and, after approval, kept on the account.
 */
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const declared = {
  firstName: 'Saoirse',
  lastName: 'Walsh',
  issuingCountry: 'IE',
  streetAddress: '7 Quay Street',
  city: 'Galway',
  postalCode: 'H91 E2K3',
  publicFigure: 'no',
};
const passport = (overrides: Record<string, string> = {}, details: Record<string, unknown> = declared) => ({
  documentType: 'PASSPORT',
  documentNumber: 'PA1234567',
  expiryDate: isoDay(900),
  details: JSON.stringify(details),
  fileTypes: JSON.stringify({ 'passport.png': 'FRONT', 'bill.png': 'CONTENT' }),
  ...overrides,
});

describe('the identification form by jurisdiction and the declared data (issue 27; KYC-10, KYC-16…22)', () => {
  let server: TestServer;
  let png: Buffer;
  const staff = staffApi(() => server);

  beforeAll(async () => {
    const storageDir = await mkdtemp(path.join(tmpdir(), 'emerald-identity-'));
    server = await startTestServer({ DOCUMENT_DIR: storageDir, IDENTITY_REGISTER_COUNTRIES: 'HU' });
    png = await scanPng();
  });
  afterAll(() => server.close());

  const locked = async (country: string) => {
    const created = await server.createSignedInPlayer({ kycStatus: 'ID_CHECK_LOCK', currencies: ['EUR'] });
    await server.db
      .update(player)
      .set({ firstName: 'Saoirse', lastName: 'Walsh', country, gender: 'F', city: 'Galway', birthDate: '1990-04-02' })
      .where(eq(player.id, created.partyId));
    const client = new ApiClient(server.url);
    client.cookies.set('SESSION_KEY', created.token);
    return { ...created, client };
  };
  const files = () => [
    { name: 'passport.png', bytes: png },
    { name: 'bill.png', bytes: png },
  ];

  it('IE and GB players are given the document form; a register country the register form', async () => {
    for (const [country, scheme] of [
      ['IE', 'DOCUMENT'],
      ['GB', 'DOCUMENT'],
      ['HU', 'REGISTER'],
    ] as const) {
      const { client } = await locked(country);
      expect((await client.get('/ps/getIdentificationStatus')).body, country).toMatchObject({ identityScheme: scheme });
    }
  });

  it('an IE and a GB player submit passport data with a proof of address: accepted, no register field asked, no issue date needed', async () => {
    for (const [country, number] of [
      ['IE', 'PA1234567'],
      ['GB', '123456789'],
    ] as const) {
      const { cookie, client } = await locked(country);
      const saved = await uploadDocument(
        server.url,
        cookie,
        'saveUserDocuments',
        passport({ documentNumber: number }, { ...declared, issuingCountry: country }),
        files(),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const submission = await client.get<{ submission: Record<string, unknown> }>(`/ps/getIdentitySubmission?documentId=${saved.body.documentId}`);
      expect(submission.status).toBe(200);
      expect(submission.body.submission).toEqual({
        documentId: saved.body.documentId,
        documentType: 'PASSPORT',
        status: 'NOT_REVIEWED',
        documentNumber: number,
        issueDate: null,
        expiryDate: isoDay(900),
        details: { ...declared, issuingCountry: country },
      });
    }
    // A driving licence: front, back and the proof of address.
    const { cookie } = await locked('GB');
    const licence = await uploadDocument(
      server.url,
      cookie,
      'saveUserDocuments',
      passport(
        {
          documentType: 'driving_license',
          documentNumber: 'MORGA657054SM9IJ',
          issueDate: isoDay(-400),
          fileTypes: JSON.stringify({ 'front.png': 'FRONT', 'back.png': 'BACK', 'bill.png': 'CONTENT' }),
        },
        { ...declared, issuingCountry: 'GB' },
      ),
      [
        { name: 'front.png', bytes: png },
        { name: 'back.png', bytes: png },
        { name: 'bill.png', bytes: png },
      ],
    );
    expect(licence.status, JSON.stringify(licence.body)).toBe(200);
  });

  it('bad input is a 400 naming the field, and nothing is stored', async () => {
    const { cookie, client } = await locked('IE');
    const cases: [Record<string, string>, string][] = [
      [passport({ documentNumber: 'PA 12-34' }), 'documentNumber'],
      [passport({ expiryDate: '' }), 'expiryDate'],
      [passport({ expiryDate: isoDay(-1) }), 'expiryDate'],
      [passport({ issueDate: isoDay(5) }), 'issueDate'],
      [passport({}, { ...declared, issuingCountry: '' }), 'details.issuingCountry'],
      [passport({}, { ...declared, issuingCountry: 'ZZ' }), 'details.issuingCountry'],
      [passport({}, { ...declared, firstName: ' ' }), 'details.firstName'],
      [passport({}, { ...declared, publicFigure: 'maybe' }), 'details.publicFigure'],
      [passport({}, { ...declared, postalCode: undefined }), 'details.postalCode'],
      [passport({}, { ...declared, birthPlace: 'Galway' }), 'details'],
      [passport({ details: 'not json' }), 'details'],
      [passport({ fileTypes: JSON.stringify({ 'passport.png': 'FRONT', 'bill.png': 'BACK' }) }), 'files'],
    ];
    for (const [fields, field] of cases) {
      const answer = await uploadDocument(server.url, cookie, 'saveUserDocuments', fields, files());
      expect(answer.status, field).toBe(400);
      expect(
        answer.body.errors?.map((error) => error.field),
        field,
      ).toContain(field);
    }
    expect((await client.get<{ userDocuments: unknown[] }>('/ps/getUserDocuments')).body.userDocuments).toEqual([]);
  });

  it('a register country keeps the register fields: required there, with the specification’s number formats', async () => {
    const { cookie } = await locked('HU');
    const missing = await uploadDocument(
      server.url,
      cookie,
      'saveUserDocuments',
      passport(
        {
          documentType: 'IDENTITY_CARD',
          documentNumber: '123456AB',
          issueDate: isoDay(-30),
          fileTypes: JSON.stringify({ 'passport.png': 'FRONT', 'bill.png': 'BACK' }),
        },
        { ...declared, issuingCountry: 'HU' },
      ),
      files(),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((error) => error.field)).toEqual(
      expect.arrayContaining(['details.motherMaidenName', 'details.birthPlace', 'details.addressCardNumber']),
    );
    const register = {
      ...declared,
      issuingCountry: 'HU',
      birthSurname: 'Walsh',
      birthName: 'Saoirse',
      motherMaidenName: 'Byrne',
      birthPlace: 'Galway',
      addressCardNumber: '123456AA',
    };
    const saved = await uploadDocument(
      server.url,
      cookie,
      'saveUserDocuments',
      passport(
        {
          documentType: 'IDENTITY_CARD',
          documentNumber: '123456AB',
          issueDate: isoDay(-30),
          fileTypes: JSON.stringify({ 'passport.png': 'FRONT', 'bill.png': 'BACK' }),
        },
        register,
      ),
      files(),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The population-register ID check and the casino card are the register country's only.
    const irish = await locked('IE');
    expect((await irish.client.get('/ps/getUserKycInfo?type=OTHER&cardId=1234567890&identifierKind=CASINO_CARD')).status).toBe(403);
  });

  it('no session is 401; another player’s submission is 404', async () => {
    const owner = await locked('IE');
    const saved = await uploadDocument(server.url, owner.cookie, 'saveUserDocuments', passport(), files());
    expect(saved.status).toBe(200);
    expect((await uploadDocument(server.url, null, 'saveUserDocuments', passport(), files())).status).toBe(401);
    expect((await new ApiClient(server.url).get(`/ps/getIdentitySubmission?documentId=${saved.body.documentId}`)).status).toBe(401);
    const other = await locked('GB');
    expect((await other.client.get(`/ps/getIdentitySubmission?documentId=${saved.body.documentId}`)).status).toBe(404);
    const badId = await other.client.get<{ errors: { field: string }[] }>('/ps/getIdentitySubmission?documentId=nope');
    expect(badId.status).toBe(400);
    expect(badId.body.errors.map((error) => error.field)).toContain('documentId');
  });

  it('the reviewer sees the declared data beside the documents; after approval it is on the account', async () => {
    const { cookie, client, partyId } = await locked('IE');
    const saved = await uploadDocument(
      server.url,
      cookie,
      'saveUserDocuments',
      passport({ documentNumber: 'AB1234567', issueDate: isoDay(-200) }, { ...declared, publicFigure: 'yes' }),
      files(),
    );
    expect(saved.status).toBe(200);
    const reviewer = await staff.signIn('bo.identity');
    const profile = (await (await staff.call('GET', `/bo/players/${partyId}`, reviewer)).json()) as {
      player: { identityDocument: unknown };
      documents: { id: string; declared: { documentNumber: string; issueDate: string; expiryDate: string; details: Record<string, string> } }[];
    };
    expect(profile.player.identityDocument).toBeNull();
    expect(profile.documents.find((document) => document.id === saved.body.documentId)?.declared).toEqual({
      documentNumber: 'AB1234567',
      issueDate: isoDay(-200),
      expiryDate: isoDay(900),
      details: { ...declared, publicFigure: 'yes' },
    });

    expect((await staff.call('POST', `/bo/players/${partyId}/identity`, reviewer, { decision: 'approve', reason: 'Matches the images' })).status).toBe(200);
    const info = await client.get<{ user: { identityDocument: unknown } }>('/ps/getPlayerInfo');
    expect(info.body.user.identityDocument).toEqual({ documentType: 'PASSPORT', documentNumber: 'AB1234567', issuingCountry: 'IE', expiryDate: isoDay(900) });
    const after = (await (await staff.call('GET', `/bo/players/${partyId}`, reviewer)).json()) as { player: { identityDocument: unknown } };
    expect(after.player.identityDocument).toEqual({ documentType: 'PASSPORT', documentNumber: 'AB1234567', issuingCountry: 'IE', expiryDate: isoDay(900) });
  });
});
