import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playerSupportResponseSchema,
  playerSupportWriteResponseSchema,
  staffSupportConversationSchema,
  staffSupportQueueSchema,
  SUPPORT_STAFF_TOPIC,
  supportConversationSchema,
} from '../../contracts/support/support';
import { staffAudit } from '../../server/db/schema';
import { isSupportOpen, supportHoursAt } from '../../server/support';
import { cookieCall } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { followTopic } from '../support/gateway-client';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 16 LIVE HELP (spec 000 §1: support by phone, live chat and e-mail): live support conversations. */

/** Support hours that exclude this moment in Dublin, so writing now is "outside hours". */
function closedNowHours(): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Dublin', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return `${at(hour + 2)}-${at(hour + 3)}`;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPPORT_HOURS: closedNowHours() });
});
afterAll(async () => {
  await server.close();
});
const staff = staffApi(() => server);

const call = cookieCall(() => server.url);

const follow = (cookie: string, topic: string) => followTopic(server.url, cookie, topic);

describe('support hours', () => {
  const schedule = { timeZone: 'Europe/Dublin', hours: '09:00-17:00', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] };
  it('reads the hours on the Dublin wall clock, summer time included, and names the next opening', () => {
    expect(isSupportOpen(schedule, new Date('2026-07-06T08:30:00Z'))).toBe(true); // Monday 09:30 IST
    expect(isSupportOpen(schedule, new Date('2026-07-06T07:30:00Z'))).toBe(false); // Monday 08:30 IST
    expect(isSupportOpen(schedule, new Date('2026-01-05T09:30:00Z'))).toBe(true); // Monday 09:30 GMT
    // Friday evening: next opening Monday 09:00 Dublin time.
    expect(supportHoursAt(schedule, new Date('2026-01-09T18:00:00Z'))).toMatchObject({ open: false, opensAt: '2026-01-12T09:00:00.000Z' });
    // A window past midnight belongs to the day it starts.
    const night = { timeZone: 'Europe/Dublin', hours: '22:00-02:00', days: ['FRI'] };
    expect(isSupportOpen(night, new Date('2026-01-10T01:00:00Z'))).toBe(true); // Saturday 01:00, Friday's window
    expect(isSupportOpen(night, new Date('2026-01-11T01:00:00Z'))).toBe(false); // Sunday 01:00
  });

  it('refuses invalid support configuration at start', async () => {
    await expect(startTestServer({ SUPPORT_TIMEZONE: 'Mars/Olympus' })).rejects.toThrow(/SUPPORT_TIMEZONE/);
    await expect(startTestServer({ SUPPORT_HOURS: '9-17' })).rejects.toThrow(/SUPPORT_HOURS/);
  });
});

describe('live support', () => {
  it('needs a session (401) and names the bad field (400), storing nothing', async () => {
    expect((await call('GET', '/ps/support/conversation', null)).status).toBe(401);
    expect((await call('POST', '/ps/support/messages', null, { text: 'hello' })).status).toBe(401);
    const player = await server.createSignedInPlayer();
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(1001) }, {}, { text: 7 }]) {
      const response = await call('POST', '/ps/support/messages', player.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('text');
    }
    expect((await call('GET', '/ps/support/conversations/not-an-id', player.cookie)).status).toBe(400);
    const read = playerSupportResponseSchema.parse(await (await call('GET', '/ps/support/conversation', player.cookie)).json());
    expect(read.conversation).toBeNull();
  });

  it('outside support hours the message is kept and the answer says when support opens; writing again continues the conversation', async () => {
    const player = await server.createSignedInPlayer();
    const first = await call('POST', '/ps/support/messages', player.cookie, { text: 'My  deposit\u0007 is missing' });
    expect(first.status).toBe(200);
    const written = playerSupportWriteResponseSchema.parse(await first.json());
    expect(written.hours).toMatchObject({ open: false, timeZone: 'Europe/Dublin' });
    expect(new Date(written.hours.opensAt!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(written.hours.opensAt!).getTime() - Date.now()).toBeLessThan(3 * 3600_000);
    expect(written.message).toMatchObject({ author: { kind: 'PLAYER' }, text: 'My deposit is missing' });
    const second = playerSupportWriteResponseSchema.parse(await (await call('POST', '/ps/support/messages', player.cookie, { text: 'Order 42' })).json());
    expect(second.conversation.conversationId).toBe(written.conversation.conversationId);
    const read = playerSupportResponseSchema.parse(await (await call('GET', '/ps/support/conversation', player.cookie)).json());
    expect(read.conversation?.messages.map((message) => message.text)).toEqual(['My deposit is missing', 'Order 42']);
  });

  it("another player's conversation is 404 to a player", async () => {
    const owner = await server.createSignedInPlayer();
    const other = await server.createSignedInPlayer();
    const written = playerSupportWriteResponseSchema.parse(await (await call('POST', '/ps/support/messages', owner.cookie, { text: 'Private' })).json());
    const id = written.conversation.conversationId;
    expect((await call('GET', `/ps/support/conversations/${id}`, owner.cookie)).status).toBe(200);
    expect((await call('GET', `/ps/support/conversations/${id}`, other.cookie)).status).toBe(404);
    expect((await call('GET', '/ps/support/conversations/00000000-0000-4000-8000-000000000000', other.cookie)).status).toBe(404);
  });

  it('staff without support.chat are refused (403) and change nothing', async () => {
    const player = await server.createSignedInPlayer();
    const written = playerSupportWriteResponseSchema.parse(await (await call('POST', '/ps/support/messages', player.cookie, { text: 'Hello?' })).json());
    const id = written.conversation.conversationId;
    expect((await staff.call('GET', '/bo/support/conversations', null)).status).toBe(401);
    const auditor = await staff.signIn('bo.auditor');
    expect((await staff.call('GET', '/bo/support/conversations', auditor)).status).toBe(403);
    expect((await staff.call('POST', `/bo/support/conversations/${id}/messages`, auditor, { text: 'Hi' })).status).toBe(403);
    expect((await staff.call('POST', `/bo/support/conversations/${id}/close`, auditor)).status).toBe(403);
    const read = supportConversationSchema.parse(await (await call('GET', `/ps/support/conversations/${id}`, player.cookie)).json());
    expect(read).toMatchObject({ status: 'OPEN', messages: [{ text: 'Hello?' }] });
  });

  it('a staff answer from the queue reaches the player live on player:<id>, audited once; closing keeps the conversation and the next message starts a new one', async () => {
    const player = await server.createSignedInPlayer();
    const written = playerSupportWriteResponseSchema.parse(await (await call('POST', '/ps/support/messages', player.cookie, { text: 'Can you help?' })).json());
    const id = written.conversation.conversationId;
    const support = await staff.signIn('bo.support');
    const queue = staffSupportQueueSchema.parse(await (await staff.call('GET', '/bo/support/conversations', support)).json());
    expect(queue.conversations.find((entry) => entry.conversationId === id)).toMatchObject({
      awaitingStaff: true,
      lastText: 'Can you help?',
      player: { partyId: player.partyId },
    });
    const bad = await staff.call('POST', `/bo/support/conversations/${id}/messages`, support, { text: '' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('text');
    expect((await staff.call('POST', '/bo/support/conversations/00000000-0000-4000-8000-000000000000/messages', support, { text: 'x' })).status).toBe(404);

    const watcher = await follow(player.cookie, `player:${player.partyId}`);
    const answered = await staff.call('POST', `/bo/support/conversations/${id}/messages`, support, { text: 'Of course, what happened?' });
    expect(answered.status).toBe(200);
    await expect
      .poll(() => watcher.events.map((event) => (event.type === 'event' ? JSON.stringify(event.payload) : '')).join())
      .toContain('Of course, what happened?');
    watcher.close();
    const read = playerSupportResponseSchema.parse(await (await call('GET', '/ps/support/conversation', player.cookie)).json());
    expect(read.conversation?.messages.map((message) => [message.author.kind, message.text])).toEqual([
      ['PLAYER', 'Can you help?'],
      ['STAFF', 'Of course, what happened?'],
    ]);
    // Issue 25 (7): the player's answer and its live event carry no staff sign-in name.
    expect(JSON.stringify(read)).not.toContain('bo.support');
    expect(JSON.stringify(watcher.events)).not.toContain('bo.support');
    const audits = await server.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'support.answer'), eq(staffAudit.subjectId, id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ subjectType: 'support-conversation', permission: 'support.chat' });

    const closed = staffSupportConversationSchema.parse(await (await staff.call('POST', `/bo/support/conversations/${id}/close`, support)).json());
    expect(closed.status).toBe('CLOSED');
    expect((await staff.call('POST', `/bo/support/conversations/${id}/close`, support)).status).toBe(400);
    expect((await staff.call('POST', `/bo/support/conversations/${id}/messages`, support, { text: 'late' })).status).toBe(400);
    const kept = staffSupportConversationSchema.parse(await (await staff.call('GET', `/bo/support/conversations/${id}`, support)).json());
    expect(kept.messages).toHaveLength(2);
    const again = playerSupportWriteResponseSchema.parse(await (await call('POST', '/ps/support/messages', player.cookie, { text: 'One more thing' })).json());
    expect(again.conversation.conversationId).not.toBe(id);
    expect(
      await server.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.action, 'support.close'), eq(staffAudit.subjectId, id))),
    ).toHaveLength(1);
  });

  it("support staff follow the queue live over the gateway with their back-office session: a player's message reaches support-staff:queue; players and staff without support.chat may not follow it", async () => {
    const support = await staff.signIn('bo.support');
    const desk = await follow(support, SUPPORT_STAFF_TOPIC);
    expect(desk.frames).toContainEqual({ type: 'subscribed', topic: SUPPORT_STAFF_TOPIC, seq: expect.any(Number) });
    const player = await server.createSignedInPlayer();
    const text = `Is anyone there? ${Date.now()}`;
    expect((await call('POST', '/ps/support/messages', player.cookie, { text })).status).toBe(200);
    await expect.poll(() => JSON.stringify(desk.events)).toContain(text);
    desk.close();

    const snooping = await follow(player.cookie, SUPPORT_STAFF_TOPIC);
    expect(snooping.frames.find((frame) => frame.type === 'error')).toMatchObject({ errors: [{ field: 'topic' }] });
    snooping.close();
    const content = await staff.signIn('bo.content');
    const editor = await follow(content, SUPPORT_STAFF_TOPIC);
    expect(editor.frames.find((frame) => frame.type === 'error')).toMatchObject({ errors: [{ field: 'topic' }] });
    editor.close();
    // A staff cookie that is no live session opens no socket at all.
    await expect(follow('BO_SESSION=forged', SUPPORT_STAFF_TOPIC)).rejects.toThrow();
  });
});
