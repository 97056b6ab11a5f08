import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../contracts/platform/accounts/player-fields';
import { updatePasswordMessages } from '../../contracts/platform/accounts/update-password';
import { emailChange, player } from '../../server/db/schema';
import { ApiClient, completion, newSignup } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { status: string; message: string; errors?: { field: string; error: string }[] };
type PlayerInfoBody = { user: Record<string, unknown> & { readonlyFields: string[]; email: string; mobilePhone: string; address: string } };

/** Account details (spec 001 §2, §4, §7): updatePassword, updatePlayerInfo and confirmEmailChange. */
describe('account details (ACC-08…22)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'https://emerald.test' });
  });
  afterAll(() => server.close());

  /** A player who has completed both sign-up steps, signed in. */
  async function registered() {
    const api = new ApiClient(server.url);
    const signup = newSignup();
    expect((await api.post('/ps/quickSignup', signup)).status).toBe(200);
    expect((await api.post('/ps/quickSignupCompletion', completion())).status).toBe(200);
    const [row] = await server.db.select().from(player).where(eq(player.username, signup.username));
    return { api, signup, row: row! };
  }

  async function signIn(username: string, password: string) {
    const api = new ApiClient(server.url);
    const answer = await api.post('/ps/login', { username, password });
    return { api, answer };
  }

  const contact = (overrides: Record<string, unknown> = {}) => ({ mobilePhone: '353861234567', address: '7 Quay Street', email: 'unchanged', ...overrides });

  it('ACC-34 ACC-10 getPlayerInfo lists the read-only fields by their spec names', async () => {
    const { api } = await registered();
    const info = await api.get<PlayerInfoBody>('/ps/getPlayerInfo');
    expect(info.body.user.readonlyFields).toEqual(
      expect.arrayContaining(['USER_ID', 'CURRENCY', 'COUNTRY', 'LANGUAGE', 'FIRST_NAME', 'LAST_NAME', 'BIRTH_DATE']),
    );
    expect(info.body.user.readonlyFields).not.toContain('MOBILE_PHONE');
  });

  describe('updatePassword', () => {
    it('ACC-14 ACC-15 changes the password, ends every other session, keeps this one and e-mails the player', async () => {
      const { api, signup } = await registered();
      const other = await signIn(signup.username, signup.password);
      expect(other.answer.status).toBe(200);
      const answer = await api.post('/ps/updatePassword', { oldPassword: signup.password, newPassword: 'harbour9lights' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'SUCCESS', message: 'Your Password has been updated.' });
      expect((await api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true });
      expect((await other.api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: false });
      expect((await signIn(signup.username, 'harbour9lights')).answer.status).toBe(200);
      expect((await signIn(signup.username, signup.password)).answer.status).toBe(400);
      const mail = (await server.outbox(signup.email)).filter((message) => message.template === 'password-changed');
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text).not.toContain('harbour9lights');
    });

    it('ACC-16 refuses a wrong current password naming oldPassword, and changes nothing', async () => {
      const { api, signup, row } = await registered();
      const other = await signIn(signup.username, signup.password);
      const answer = await api.post<ErrorBody>('/ps/updatePassword', { oldPassword: 'wrong4password', newPassword: 'harbour9lights' });
      expect(answer.status).toBe(400);
      expect(answer.body.status).toBe('WRONG_PASSWORD');
      expect(answer.body.errors).toEqual([{ field: 'oldPassword', error: updatePasswordMessages.wrong }]);
      const [after] = await server.db.select().from(player).where(eq(player.id, row.id));
      expect(after?.passwordHash).toBe(row.passwordHash);
      expect((await other.api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true });
      expect((await server.outbox(signup.email)).some((message) => message.template === 'password-changed')).toBe(false);
    });

    it.each([
      ['a short one', 'abc123', fieldMessages.password],
      ['one without digits', 'lettersonly', fieldMessages.password],
      ['a common one', 'password123', fieldMessages.passwordCommon],
    ])('ACC-17 DEF-24 refuses %s as the new password naming newPassword', async (_what, newPassword, message) => {
      const { api, signup, row } = await registered();
      const answer = await api.post<ErrorBody>('/ps/updatePassword', { oldPassword: signup.password, newPassword });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toContainEqual({ field: 'newPassword', error: message });
      const [after] = await server.db.select().from(player).where(eq(player.id, row.id));
      expect(after?.passwordHash).toBe(row.passwordHash);
    });

    it('ACC-13 refuses an empty current password and a missing body naming the fields', async () => {
      const { api } = await registered();
      const empty = await api.post<ErrorBody>('/ps/updatePassword', { oldPassword: '', newPassword: 'harbour9lights' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors?.map((error) => error.field)).toContain('oldPassword');
      const missing = await api.post<ErrorBody>('/ps/updatePassword', {});
      expect(missing.body.errors?.map((error) => error.field)).toEqual(expect.arrayContaining(['oldPassword', 'newPassword']));
    });

    it('answers 401 without a session', async () => {
      const answer = await new ApiClient(server.url).post<ErrorBody>('/ps/updatePassword', { oldPassword: 'green4tables', newPassword: 'harbour9lights' });
      expect(answer.status).toBe(401);
      expect(answer.body.status).toBe('NOT_LOGGED_IN_ERROR');
    });
  });

  describe('updatePlayerInfo', () => {
    it('ACC-20 ACC-21 changes mobile and address; getPlayerInfo shows them', async () => {
      const { api, signup } = await registered();
      const answer = await api.post('/ps/updatePlayerInfo', contact({ email: signup.email, mobilePhone: '447911123456', address: '12 Shop Street' }));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'SUCCESS', pendingEmail: null });
      const info = await api.get<PlayerInfoBody>('/ps/getPlayerInfo');
      expect(info.body.user).toMatchObject({ mobilePhone: '447911123456', address: '12 Shop Street', email: signup.email });
    });

    it('ACC-20 checks the mobile as sign-up does and changes nothing', async () => {
      const { api, signup, row } = await registered();
      const answer = await api.post<ErrorBody>('/ps/updatePlayerInfo', contact({ email: signup.email, mobilePhone: '35312', address: 'Elsewhere 1' }));
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toContainEqual({ field: 'mobilePhone', error: fieldMessages.mobile });
      const [after] = await server.db.select().from(player).where(eq(player.id, row.id));
      expect(after?.address).toBe(row.address);
    });

    it('checks an Irish postcode as an Eircode, as sign-up does, and changes nothing', async () => {
      const { api, signup, row } = await registered();
      const answer = await api.post<ErrorBody>('/ps/updatePlayerInfo', contact({ email: signup.email, postalCode: 'SW1A 1AA' }));
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([{ field: 'postalCode', error: fieldMessages.eircode }]);
      const [after] = await server.db.select().from(player).where(eq(player.id, row.id));
      expect(after).toEqual(row);
      expect((await api.post('/ps/updatePlayerInfo', contact({ email: signup.email, postalCode: 'd02 x285' }))).status).toBe(200);
      const [changed] = await server.db.select().from(player).where(eq(player.id, row.id));
      expect(changed?.postalCode).toBe('D02 X285');
    });

    it('ACC-19 requires mobilePhone, address and email', async () => {
      const { api } = await registered();
      const answer = await api.post<ErrorBody>('/ps/updatePlayerInfo', { mobilePhone: '', address: ' ', email: '' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.map((error) => error.field)).toEqual(expect.arrayContaining(['mobilePhone', 'address', 'email']));
    });

    it.each([
      ['firstName', { firstName: 'Someone' }],
      ['birthDate', { birthDate: '1970-01-01' }],
      ['country', { country: 'GB' }],
      ['userName', { userName: 'another_name' }],
      ['language', { language: 'mk' }],
    ])('ACC-11 refuses a change to the read-only field %s naming it, and changes nothing', async (field, change) => {
      const { api, signup, row } = await registered();
      const answer = await api.post<ErrorBody>('/ps/updatePlayerInfo', contact({ email: signup.email, address: 'A new street 5', ...change }));
      expect(answer.status).toBe(400);
      expect(answer.body.status).toBe('READ_ONLY_FIELD');
      expect(answer.body.errors).toEqual([{ field, error: 'This field cannot be changed' }]);
      const [after] = await server.db.select().from(player).where(eq(player.id, row.id));
      expect(after).toEqual(row);
    });

    it('ACC-11 accepts read-only fields sent unchanged (the form sends what it shows)', async () => {
      const { api, signup } = await registered();
      const answer = await api.post(
        '/ps/updatePlayerInfo',
        contact({ email: signup.email, firstName: 'Saoirse', lastName: 'walsh', country: 'IE', userName: signup.username }),
      );
      expect(answer.status).toBe(200);
    });

    it('ACC-20 a new e-mail takes effect only after its confirmation link is followed', async () => {
      const { api, signup, row } = await registered();
      const newEmail = `new_${signup.email}`;
      const answer = await api.post('/ps/updatePlayerInfo', contact({ email: newEmail }));
      expect(answer.body).toEqual({ status: 'SUCCESS', pendingEmail: newEmail });
      // Not yet: the old address stays in force, for sign-in and for password reset alike.
      expect((await api.get<PlayerInfoBody>('/ps/getPlayerInfo')).body.user.email).toBe(signup.email);
      expect((await signIn(signup.email, signup.password)).answer.status).toBe(200);
      const [link] = (await server.outbox(newEmail)).filter((message) => message.template === 'email-change');
      expect(link).toBeDefined();
      expect((await server.outbox(signup.email)).some((message) => message.template === 'email-change-notice')).toBe(true);
      const code = /emailChangeCode=([\w-]+)/.exec(link?.text ?? '')?.[1] ?? '';
      expect(link?.text).toContain('https://emerald.test/account?emailChangeCode=');
      // Another player cannot use the code.
      const stranger = await registered();
      expect((await stranger.api.post<ErrorBody>('/ps/confirmEmailChange', { code })).status).toBe(400);

      const confirmed = await api.post('/ps/confirmEmailChange', { code });
      expect(confirmed.body).toEqual({ status: 'SUCCESS', email: newEmail });
      expect((await api.get<PlayerInfoBody>('/ps/getPlayerInfo')).body.user.email).toBe(newEmail);
      expect((await api.post<ErrorBody>('/ps/confirmEmailChange', { code })).status).toBe(400);
      const [after] = await server.db.select().from(player).where(eq(player.id, row.id));
      expect(after?.emailConfirmedAt).not.toBeNull();
    });

    it('ACC-20 an e-mail change never confirmed leaves the old address in force, also after the link expires', async () => {
      const { api, signup, row } = await registered();
      const newEmail = `never_${signup.email}`;
      expect((await api.post('/ps/updatePlayerInfo', contact({ email: newEmail }))).status).toBe(200);
      const code = /emailChangeCode=([\w-]+)/.exec((await server.outbox(newEmail))[0]?.text ?? '')?.[1] ?? '';
      await server.db
        .update(emailChange)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailChange.playerId, row.id));
      const late = await api.post<ErrorBody>('/ps/confirmEmailChange', { code });
      expect(late.status).toBe(400);
      expect(late.body.errors?.[0]?.field).toBe('code');
      const [after] = await server.db.select().from(player).where(eq(player.id, row.id));
      expect(after?.email).toBe(signup.email);
      expect((await signIn(newEmail, signup.password)).answer.status).toBe(400);
    });

    it('a newer e-mail change request voids the earlier link', async () => {
      const { api, signup } = await registered();
      await api.post('/ps/updatePlayerInfo', contact({ email: `first_${signup.email}` }));
      const first = /emailChangeCode=([\w-]+)/.exec((await server.outbox(`first_${signup.email}`))[0]?.text ?? '')?.[1] ?? '';
      await api.post('/ps/updatePlayerInfo', contact({ email: `second_${signup.email}` }));
      expect((await api.post('/ps/confirmEmailChange', { code: first })).status).toBe(400);
    });

    it("refuses another player's e-mail address naming email", async () => {
      const { api } = await registered();
      const other = await registered();
      const answer = await api.post<ErrorBody>('/ps/updatePlayerInfo', contact({ email: other.signup.email.toUpperCase() }));
      expect(answer.status).toBe(409);
      expect(answer.body.errors?.[0]?.field).toBe('email');
    });

    it('answers 401 without a session', async () => {
      expect((await new ApiClient(server.url).post('/ps/updatePlayerInfo', contact({ email: 'a@example.test' }))).status).toBe(401);
      expect((await new ApiClient(server.url).post('/ps/confirmEmailChange', { code: 'abc' })).status).toBe(401);
    });
  });
});
