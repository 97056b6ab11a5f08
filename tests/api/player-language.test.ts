import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestDocumentUpload } from '../../server/platform/documents';
import { setMarketingConsents } from '../../server/platform/consents';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type MessagesBody = { messages: { subject: string; body: string }[] };

/**
 * Issue 27 item 1: what the server writes for a player reads in the player's language — an answer
 * in the language of the request (the LANG cookie), a message written later in the language the
 * player last opened the portal in — with money as the contracts write it (item 2).
 */
describe('server texts in the player language (issue 27, I18N-03, I18N-04)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function player(language: 'en' | 'mk') {
    const signedIn = await server.createSignedInPlayer({ currencies: ['EUR'] });
    const api = new ApiClient(server.url);
    api.cookies.set('SESSION_KEY', signedIn.token);
    api.cookies.set('LANG', language);
    return { ...signedIn, api };
  }

  it('I18N-04 RG-07 the limits summary is in the request language, money in its pattern', async () => {
    const mk = await player('mk');
    expect((await mk.api.post('/ps/addResponsibleGamingLimit', { limitType: 'WAGER_LIMIT', periodType: 'Week', limit: 5 })).status).toBe(200);
    const summary = (await mk.api.get<{ message: string }>('/ps/getDisplayPeriodLimits')).body.message;
    expect(summary).toBe('Вашите лимити: неделен лимит за влогови од 5,00\u00a0€.');
    mk.api.cookies.set('LANG', 'en');
    expect((await mk.api.get<{ message: string }>('/ps/getDisplayPeriodLimits')).body.message).toBe('Your limits: a weekly wager limit of €5.00.');
  });

  it('I18N-03 bonus plan and channel names are in the request language', async () => {
    const mk = await player('mk');
    expect((await mk.api.post('/ps/redeemBonus', { code: 'WELCOME10' })).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const bonuses = (await mk.api.get<{ bonuses: { bonusPlanName: string }[] }>(`/ps/getBonuses?startDate=${today}&endDate=${today}`)).body.bonuses;
    expect(bonuses.map((bonus) => bonus.bonusPlanName)).toEqual(['WELCOME10: 10 € бесплатно']);
    const channels = (await mk.api.get<{ channelId: number; name: string }[]>('/cms/wp-json/wp/v2/channel/all?type=public')).body;
    expect(channels.filter((channel) => channel.channelId >= 20 && channel.channelId <= 22).map((channel) => channel.name)).toEqual([
      'Салон Emerald',
      'Вести и соопштенија',
      'Големи добивки',
    ]);
    const english = new ApiClient(server.url);
    expect(
      (await english.get<{ channelId: number; name: string }[]>('/cms/wp-json/wp/v2/channel/all?type=public')).body.find((channel) => channel.channelId === 21)
        ?.name,
    ).toBe('News and announcements');
  });

  it('I18N-03 a message written later speaks the language the player last opened the portal in', async () => {
    const mk = await player('mk');
    // The portal asks for the player at every start: the language is kept on the player.
    expect((await mk.api.get<{ user: { language: string } }>('/ps/getPlayerInfo')).body.user.language).toBe('mk');
    await server.db.transaction((tx) =>
      requestDocumentUpload(tx, { playerId: mk.partyId, documentType: 'PASSPORT', reason: 'Сликата е нејасна', requestedBy: 'staff' }),
    );
    const [message] = (await mk.api.get<MessagesBody>('/ps/getPlayerMessages')).body.messages;
    expect(message?.subject).toBe('Прикачете го повторно документот: пасош');
    expect(message?.body.replace(/<[^>]*>/g, '')).not.toMatch(/[A-Za-z]{3,}/);

    const en = await player('en');
    await en.api.get('/ps/getPlayerInfo');
    await server.db.transaction((tx) => requestDocumentUpload(tx, { playerId: en.partyId, documentType: 'PASSPORT', reason: 'Blurred', requestedBy: 'staff' }));
    expect((await en.api.get<MessagesBody>('/ps/getPlayerMessages')).body.messages[0]?.subject).toBe('Please upload your passport again');
  });

  it("I18N-03 ACC-20 REF-01 mails are in the player language: the e-mail change, its notice and a friend's invitation", async () => {
    const mk = await player('mk');
    const info = (await mk.api.get<{ user: { email: string } }>('/ps/getPlayerInfo')).body.user;
    const newEmail = `mk_${info.email}`;
    expect((await mk.api.post('/ps/updatePlayerInfo', { mobilePhone: '353861234567', address: '7 Quay Street', email: newEmail })).status).toBe(200);
    const [change] = (await server.outbox(newEmail)).filter((mail) => mail.template === 'email-change');
    expect(change?.subject).toBe('Потврдете ја новата адреса на е-пошта за Emerald');
    const [notice] = (await server.outbox(info.email)).filter((mail) => mail.template === 'email-change-notice');
    expect(notice?.subject).toBe('Побарана е промена на адресата на е-пошта за Emerald');

    // Invitations are marketing e-mail: sent only while the referrer accepts casino offers by e-mail (SR 5.1.12).
    await setMarketingConsents(server.db, mk.partyId, [{ product: 'GAMING', channel: 'EMAIL', granted: true }], { kind: 'PLAYER', playerId: mk.partyId });
    const friend = `friend_${Date.now()}@example.com`;
    const referred = await mk.api.post('/ps/referFriend', { emails: friend });
    expect(referred.status, JSON.stringify(referred.body)).toBe(200);
    const [invitation] = await server.outbox(friend);
    expect(invitation?.subject).toBe('Поканети сте во Emerald');
    expect(invitation?.text.replace(/https?:\S+/g, '')).not.toMatch(/\b(?!Emerald\b)[A-Za-z]{3,}\b/);
  });
});
