import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerMessage } from '../../server/db/schema';
import { sendPlayerMessage } from '../../server/platform/messages';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { status: string; errors?: { field: string; error: string }[] };
type MessagesBody = { status: string; unreadCount: number; messages: { id: string; kind: string; subject: string; body: string; read: boolean }[] };

/** Player messages (CONTENT-30…33, NAV-65, DEF-19): kept per player, listed, marked read. */
describe('player messages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function player() {
    const signedIn = await server.createSignedInPlayer({ currencies: ['EUR'] });
    const api = new ApiClient(server.url);
    api.cookies.set('SESSION_KEY', signedIn.token);
    return { ...signedIn, api };
  }

  it('CONTENT-33 lists the messages newest first with the unread count', async () => {
    const { partyId, api } = await player();
    expect((await api.get<MessagesBody>('/ps/getPlayerMessages')).body).toEqual({ status: 'SUCCESS', messages: [], unreadCount: 0 });
    await sendPlayerMessage(server.db, {
      playerId: partyId,
      kind: 'LIMIT_CHANGE',
      subject: 'Deposit limit',
      body: '<p>Your daily deposit limit is now <strong>€50</strong>.</p>',
    });
    await sendPlayerMessage(server.db, { playerId: partyId, kind: 'STAFF_MESSAGE', subject: 'Hello', body: '<p>Welcome.</p>' });
    const { body } = await api.get<MessagesBody>('/ps/getPlayerMessages');
    expect(body.unreadCount).toBe(2);
    expect(body.messages.map((message) => message.subject)).toEqual(['Hello', 'Deposit limit']);
    expect(body.messages[1]).toMatchObject({ kind: 'LIMIT_CHANGE', body: '<p>Your daily deposit limit is now <strong>€50</strong>.</p>', read: false });
  });

  it('shows a player only their own messages', async () => {
    const one = await player();
    const two = await player();
    await sendPlayerMessage(server.db, { playerId: one.partyId, kind: 'BONUS_NOTICE', subject: 'For one', body: '<p>Only for one.</p>' });
    expect((await two.api.get<MessagesBody>('/ps/getPlayerMessages')).body.messages).toEqual([]);
  });

  it('CONTENT-31 DEF-19 keeps and answers the HTML sanitised: no script, handler, style or javascript: link', async () => {
    const { partyId, api } = await player();
    await sendPlayerMessage(server.db, {
      playerId: partyId,
      kind: 'DOCUMENT_DECISION',
      subject: 'Your <b>documents</b><script>alert(1)</script>',
      body: '<p onclick="steal()">Approved<script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a> <a href="https://emerald.test/help">help</a></p><style>p{}</style><iframe src="https://evil.test"></iframe>',
    });
    // Written around the service too: the answer is cleaned again.
    await server.db.insert(playerMessage).values({ playerId: partyId, kind: 'STAFF_MESSAGE', subject: 'Raw', body: '<p>Raw<script>alert(2)</script></p>' });
    const { body } = await api.get<MessagesBody>('/ps/getPlayerMessages');
    const html = body.messages.map((message) => message.body + message.subject).join('');
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<style|<iframe|<img/i);
    expect(body.messages[1]?.subject).toBe('Your documents');
    expect(body.messages[1]?.body).toContain('<a href="https://emerald.test/help" target="_blank" rel="noopener noreferrer">help</a>');
    expect(body.messages[0]?.body).toBe('<p>Raw</p>');
  });

  it('CONTENT-33 marks messages read when shown; the unread count falls', async () => {
    const { partyId, api } = await player();
    const first = await sendPlayerMessage(server.db, { playerId: partyId, kind: 'STAFF_MESSAGE', subject: 'One', body: '<p>1</p>' });
    await sendPlayerMessage(server.db, { playerId: partyId, kind: 'STAFF_MESSAGE', subject: 'Two', body: '<p>2</p>' });
    const marked = await api.post('/ps/markMessagesRead', { messageIds: [first.id, first.id] });
    expect(marked.body).toEqual({ status: 'SUCCESS', unreadCount: 1 });
    const { body } = await api.get<MessagesBody>('/ps/getPlayerMessages');
    expect(body.messages.find((message) => message.id === first.id)?.read).toBe(true);
    // Marking again changes nothing and is not an error.
    expect((await api.post('/ps/markMessagesRead', { messageIds: [first.id] })).body).toEqual({ status: 'SUCCESS', unreadCount: 1 });
  });

  it("answers 404 for another player's message id and marks nothing, not even the player's own ids sent with it", async () => {
    const one = await player();
    const two = await player();
    const theirs = await sendPlayerMessage(server.db, { playerId: one.partyId, kind: 'STAFF_MESSAGE', subject: 'Private', body: '<p>Private</p>' });
    const mine = await sendPlayerMessage(server.db, { playerId: two.partyId, kind: 'STAFF_MESSAGE', subject: 'Mine', body: '<p>Mine</p>' });
    const answer = await two.api.post<ErrorBody>('/ps/markMessagesRead', { messageIds: [mine.id, theirs.id] });
    expect(answer.status).toBe(404);
    expect(answer.body.status).toBe('MESSAGE_NOT_FOUND');
    const rows = await server.db
      .select()
      .from(playerMessage)
      .where(eq(playerMessage.id, BigInt(theirs.id)));
    expect(rows[0]?.readAt).toBeNull();
    expect((await two.api.get<MessagesBody>('/ps/getPlayerMessages')).body.unreadCount).toBe(1);
    expect((await two.api.post<ErrorBody>('/ps/markMessagesRead', { messageIds: ['999999999'] })).status).toBe(404);
  });

  it.each([
    ['no ids', { messageIds: [] }],
    ['a non-numeric id', { messageIds: ['abc'] }],
    ['a negative id', { messageIds: ['-1'] }],
    ['an id too large for the database', { messageIds: ['99999999999999999999'] }],
    ['no body fields', {}],
    ['too many ids', { messageIds: Array.from({ length: 101 }, (_, index) => String(index + 1)) }],
  ])('refuses %s naming messageIds', async (_what, body) => {
    const { api } = await player();
    const answer = await api.post<ErrorBody>('/ps/markMessagesRead', body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toMatch(/^messageIds/);
  });

  it('answers 401 without a session', async () => {
    const visitor = new ApiClient(server.url);
    expect((await visitor.get<ErrorBody>('/ps/getPlayerMessages')).body.status).toBe('NOT_LOGGED_IN_ERROR');
    expect((await visitor.post<ErrorBody>('/ps/markMessagesRead', { messageIds: ['1'] })).status).toBe(401);
  });

  it('sendPlayerMessage refuses a message that is empty once cleaned', async () => {
    const { partyId } = await player();
    await expect(
      sendPlayerMessage(server.db, { playerId: partyId, kind: 'STAFF_MESSAGE', subject: '<script>x</script>', body: '<p>ok</p>' }),
    ).rejects.toThrow();
  });
});
