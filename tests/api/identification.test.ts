import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identificationTab, isValidIdNumber } from '../../contracts/platform/identification/identification';
import { player } from '../../server/db/schema';
import { ApiClient } from '../support/api-client';
import { scanPng, uploadDocument } from '../support/documents';
import { startTestServer, type TestServer } from '../support/test-server';

const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const extraFields = {
  MOTHER_LAST_NAME: 'Byrne',
  MOTHER_FIRST_NAME: 'Mary',
  LAST_NAME: 'Walsh',
  FIRST_NAME: 'Saoirse',
  BIRTH_DATE: '1990-04-02',
  BIRTH_PLACE: 'Galway',
};
const idCheck = (overrides: Record<string, unknown> = {}) => ({
  token: '',
  type: 'ID',
  identifierValue: '123456AB',
  identifierKind: 'DOCUMENT_IDENTIFIER',
  identifier: 'IDENTITY_CARD',
  extraFields,
  expiryDate: inAYear,
  address: { streetAddress: '7 Quay Street', city: 'Galway', postalCode: 'H91 E2K3', addressCardNumber: '123456AA' },
  publicFigure: 'no',
  ...overrides,
});

describe('identification (KYC-*, DIS-09)', () => {
  let server: TestServer;

  beforeAll(async () => {
    // The card and ID-card checks belong to a population-register country (issue 27): HU stands for one.
    server = await startTestServer({ IDENTITY_REGISTER_COUNTRIES: 'HU' });
  });
  afterAll(() => server.close());

  const locked = async (options: Parameters<TestServer['createSignedInPlayer']>[0] = {}) => {
    const created = await server.createSignedInPlayer({ kycStatus: 'ID_CHECK_LOCK', ...options });
    await server.db
      .update(player)
      .set({ firstName: 'Saoirse', lastName: 'Walsh', country: 'HU', gender: 'F', city: 'Galway', birthDate: '1990-04-02' })
      .where(eq(player.id, created.partyId));
    const client = new ApiClient(server.url);
    client.cookies.set('SESSION_KEY', created.token);
    return { ...created, client };
  };
  const kycStatusOf = async (partyId: string) => (await server.db.select().from(player).where(eq(player.id, partyId)))[0]?.kycStatus;

  it('KYC-04…06 KYC-11…15 the tab by query and the ID number formats', () => {
    expect([identificationTab('VIP'), identificationTab('FVIP'), identificationTab('ID'), identificationTab('XYZ'), identificationTab(null)]).toEqual([
      'CARD',
      'CARD',
      'ID',
      'DOCUMENT',
      'DOCUMENT',
    ]);
    expect(isValidIdNumber('123456AB', 'IDENTITY_CARD')).toBe(true);
    expect(isValidIdNumber('12345AB', 'IDENTITY_CARD')).toBe(false);
    expect(isValidIdNumber('123456AB', undefined)).toBe(true);
    expect(isValidIdNumber('AB12345', undefined)).toBe(false);
    expect(isValidIdNumber('AB1x2y3z', 'PASSPORT')).toBe(true);
    expect(isValidIdNumber('AB1234567', 'PASSPORT')).toBe(true);
    expect(isValidIdNumber('AB12345', 'PASSPORT')).toBe(false);
    expect(isValidIdNumber('AB12345678', 'PASSPORT')).toBe(false);
    expect(isValidIdNumber('AB1234', 'PASSPORT')).toBe(false);
    expect(isValidIdNumber('A1B2345', 'PASSPORT')).toBe(false);
    for (const value of ['A123456', 'AB123456', '123456']) expect(isValidIdNumber(value, 'driving_license')).toBe(true);
    for (const value of ['ABC123456', '12345', 'A12345']) expect(isValidIdNumber(value, 'driving_license')).toBe(false);
  });

  it('DIS-09 getIdentificationStatus tells whether the player is verified and whether documents await review', async () => {
    const { client, cookie } = await locked();
    expect((await client.get('/ps/getIdentificationStatus')).body).toEqual({
      status: 'SUCCESS',
      registrationStatus: 'PLAYER',
      kycStatus: 'ID_CHECK_LOCK',
      mayPlayForReal: false,
      documentsAwaitingReview: false,
      identityScheme: 'REGISTER',
    });
    await uploadDocument(server.url, cookie, 'saveUserDocument', { documentType: 'OTHER' }, [{ name: 'a.png', bytes: await scanPng() }]);
    expect((await client.get('/ps/getIdentificationStatus')).body).toMatchObject({ documentsAwaitingReview: true });
    expect((await new ApiClient(server.url).get('/ps/getIdentificationStatus')).status).toBe(401);
  });

  it('KYC-23 KYC-24 KYC-07 the card look-up: the holder’s data with a token; NOT_FOUND and GENERIC_ERROR as answers', async () => {
    const { client } = await locked();
    const found = await client.get<{ status: string; info: Record<string, unknown> | null }>(
      '/ps/getUserKycInfo?type=OTHER&cardId=1234567890&identifierKind=CASINO_CARD',
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      status: 'SUCCESS',
      info: {
        firstName: 'Saoirse',
        lastName: 'Walsh',
        city: 'Galway',
        country: 'HU',
        birthDate: '1990-04-02',
        token: expect.any(String),
        extraFields: expect.any(Object),
      },
    });
    expect((await client.get('/ps/getUserKycInfo?type=OTHER&cardId=4040000000&identifierKind=CASINO_CARD')).body).toEqual({ status: 'NOT_FOUND', info: null });
    expect((await client.get('/ps/getUserKycInfo?type=OTHER&cardId=5000000000&identifierKind=CASINO_CARD')).body).toEqual({
      status: 'GENERIC_ERROR',
      info: null,
    });
  });

  it('KYC-25 KYC-28 a card check with the look-up’s token verifies the player (kycStatus PASS); a failing card answers KYCFAILED and changes nothing', async () => {
    const passing = await locked();
    const lookup = await passing.client.get<{ info: { token: string } }>('/ps/getUserKycInfo?type=OTHER&cardId=1234567890&identifierKind=CASINO_CARD');
    const check = await passing.client.post('/ps/userKycCheck', {
      token: lookup.body.info.token,
      type: 'OTHER',
      identifierValue: '1234567890',
      identifierKind: 'CASINO_CARD',
      extraFields,
    });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ status: 'SUCCESS', kycStatus: 'PASS' });
    expect(await kycStatusOf(passing.partyId)).toBe('PASS');
    expect(
      (
        await passing.client.post('/ps/userKycCheck', {
          token: lookup.body.info.token,
          type: 'OTHER',
          identifierValue: '1234567890',
          identifierKind: 'CASINO_CARD',
          extraFields,
        })
      ).status,
    ).toBe(409);

    const failing = await locked();
    const failingLookup = await failing.client.get<{ info: { token: string } }>('/ps/getUserKycInfo?type=OTHER&cardId=6660000000&identifierKind=CASINO_CARD');
    const refused = await failing.client.post('/ps/userKycCheck', {
      token: failingLookup.body.info.token,
      type: 'OTHER',
      identifierValue: '6660000000',
      identifierKind: 'CASINO_CARD',
      extraFields,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'KYCFAILED' });
    expect(await kycStatusOf(failing.partyId)).toBe('ID_CHECK_LOCK');
  });

  it('a card token looked up by one player does not verify another (foreign token)', async () => {
    const owner = await locked();
    const lookup = await owner.client.get<{ info: { token: string } }>('/ps/getUserKycInfo?type=OTHER&cardId=1234567890&identifierKind=CASINO_CARD');
    const other = await locked();
    const stolen = await other.client.post('/ps/userKycCheck', {
      token: lookup.body.info.token,
      type: 'OTHER',
      identifierValue: '1234567890',
      identifierKind: 'CASINO_CARD',
      extraFields,
    });
    expect(stolen.status).toBe(403);
    expect(await kycStatusOf(other.partyId)).toBe('ID_CHECK_LOCK');
  });

  it('KYC-27 an ID check passes for a well-formed number of the registered person; 000000… and another surname fail; DEF-02 gender and country stay the player’s own', async () => {
    const passing = await locked();
    expect((await passing.client.post('/ps/userKycCheck', idCheck())).body).toEqual({ status: 'SUCCESS', kycStatus: 'PASS' });
    const [row] = await server.db.select().from(player).where(eq(player.id, passing.partyId));
    expect(row).toMatchObject({ kycStatus: 'PASS', gender: 'F', country: 'HU' });
    // Issue 27: the checked document stays on the account.
    expect(row).toMatchObject({
      identityDocumentType: 'IDENTITY_CARD',
      identityDocumentNumber: '123456AB',
      identityDocumentCountry: 'HU',
      identityDocumentExpiry: inAYear,
    });

    const failing = await locked();
    expect((await failing.client.post('/ps/userKycCheck', idCheck({ identifierValue: '000000AB' }))).status).toBe(403);
    expect((await failing.client.post('/ps/userKycCheck', idCheck({ extraFields: { ...extraFields, LAST_NAME: 'Someone' } }))).status).toBe(403);
    expect(await kycStatusOf(failing.partyId)).toBe('ID_CHECK_LOCK');
  });

  it('failed checks and unknown cards are limited per player (429 with Retry-After), so numbers cannot be guessed', async () => {
    const { client, partyId } = await locked();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await client.post('/ps/userKycCheck', idCheck({ identifierValue: '000000AB' }))).status).toBe(403);
    const throttled = await client.post('/ps/userKycCheck', idCheck());
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await kycStatusOf(partyId)).toBe('ID_CHECK_LOCK');
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect((await client.get('/ps/getUserKycInfo?type=OTHER&cardId=4040000000&identifierKind=CASINO_CARD')).body).toMatchObject({ status: 'NOT_FOUND' });
    expect((await client.get('/ps/getUserKycInfo?type=OTHER&cardId=1234567890&identifierKind=CASINO_CARD')).status).toBe(429);
    // Another player is not slowed by it.
    const other = await locked();
    expect((await other.client.post('/ps/userKycCheck', idCheck())).status).toBe(200);
  });

  it('KYC-14 KYC-18 bad input is a 400 naming the field and changes nothing', async () => {
    const { client, partyId } = await locked();
    const cases: [Record<string, unknown>, string][] = [
      [idCheck({ identifierValue: '12AB' }), 'identifierValue'],
      [idCheck({ identifier: 'PASSPORT', identifierValue: '123456AB' }), 'identifierValue'],
      [idCheck({ identifier: 'LIBRARY_CARD' }), 'identifier'],
      [idCheck({ publicFigure: undefined }), 'publicFigure'],
      [idCheck({ publicFigure: 'maybe' }), 'publicFigure'],
      [idCheck({ expiryDate: '2001-01-01' }), 'expiryDate'],
      [idCheck({ address: undefined }), 'address'],
      [idCheck({ extraFields: { ...extraFields, BIRTH_PLACE: '' } }), 'extraFields.BIRTH_PLACE'],
      [idCheck({ type: 'PHOTO' }), 'type'],
      [idCheck({ identifierKind: 'CASINO_CARD' }), 'identifierKind'],
      [{ type: 'OTHER', identifierValue: '1234567890', identifierKind: 'CASINO_CARD', extraFields }, 'token'],
    ];
    for (const [body, field] of cases) {
      const answer = await client.post<{ errors: { field: string }[] }>('/ps/userKycCheck', body);
      expect(answer.status, field).toBe(400);
      expect(
        answer.body.errors.map((error) => error.field),
        field,
      ).toContain(field);
    }
    for (const [query, field] of [
      ['type=OTHER&cardId=12ab&identifierKind=CASINO_CARD', 'cardId'],
      ['type=ID&cardId=1234567890&identifierKind=CASINO_CARD', 'type'],
      ['type=OTHER&cardId=1234567890&identifierKind=PASSPORT', 'identifierKind'],
    ] as const) {
      const answer = await client.get<{ errors: { field: string }[] }>(`/ps/getUserKycInfo?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.errors.map((error) => error.field)).toContain(field);
    }
    expect(await kycStatusOf(partyId)).toBe('ID_CHECK_LOCK');
  });

  it('no session is 401; a quick registration finishes sign-up first (403)', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get('/ps/getUserKycInfo?type=OTHER&cardId=1234567890&identifierKind=CASINO_CARD')).status).toBe(401);
    expect((await anonymous.post('/ps/userKycCheck', idCheck())).status).toBe(401);
    const quick = await locked({ registrationStatus: 'QUICK_REG', kycStatus: 'NOT_CHECKED' });
    expect((await quick.client.post('/ps/userKycCheck', idCheck())).status).toBe(403);
    expect((await quick.client.get('/ps/getUserKycInfo?type=OTHER&cardId=1234567890&identifierKind=CASINO_CARD')).status).toBe(403);
    expect(await kycStatusOf(quick.partyId)).toBe('NOT_CHECKED');
  });

  it('the ID_CHECK_LOCK welcome e-mail links to the identification page', async () => {
    const client = new ApiClient(server.url);
    const signup = {
      username: `refer_${Date.now().toString(36)}`,
      password: 'green4tables',
      birthDate: '1994-05-17',
      currency: 'EUR',
      email: `refer_${Date.now().toString(36)}@example.test`,
      receiveEmail: true,
      consents: [1, 2],
    };
    expect((await client.post('/ps/quickSignup', signup)).status).toBe(200);
    const completed = await client.post('/ps/quickSignupCompletion', {
      firstName: 'Ciaran',
      lastName: 'Refer',
      gender: 'M',
      profession: 'Chef',
      address: '7 Quay Street',
      municipality: 'Galway',
      country: 'IE',
      postalCode: 'H91 E2K3',
      city: 'Galway',
      mobile: '353861234567',
    });
    expect(completed.body).toMatchObject({ status: 'ID_CHECK_LOCK' });
    const welcome = (await server.outbox(signup.email)).find((mail) => mail.template === 'welcome-id_check_lock');
    expect(welcome?.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/identification/);
    expect(welcome?.html).toContain('/identification');
  });
});
