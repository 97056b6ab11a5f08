import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMessagesResponseSchema, channelModerationResponseSchema } from '../../contracts/channels/channels';
import { staffAudit } from '../../server/db/schema';
import { cookieCall } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 16, room chat with moderation: word filter, mute for a time, slow mode, the channels.moderate permission. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CHAT_BLOCKED_WORDS: 'scam, rigged' });
});
afterAll(async () => {
  await server.close();
});
const staff = staffApi(() => server);

const call = cookieCall(() => server.url);
const fieldsOf = async (response: Response) => ((await response.json()) as { errors?: { field: string }[] }).errors?.map((error) => error.field) ?? [];
let nicknames = 0;
/** A bingo room's chat takes messages from players who chose a chat nickname (issue 27). */
const chooseNickname = async (cookie: string) => {
  nicknames += 1;
  const nickname = `Mod_${nicknames}_${Date.now() % 100_000}`;
  const chosen = await call('PUT', '/ps/chat/nickname', cookie, { nickname });
  expect(chosen.status, await chosen.clone().text()).toBe(200);
  return nickname;
};
const lastSeq = async () => channelMessagesResponseSchema.parse(await (await call('GET', '/ps/channels/20/messages', null)).json()).lastSeq;

describe('chat moderation (issue 16)', () => {
  it('the word filter refuses a message with a listed word (any case, whole word) as 400 naming text, storing nothing; a word merely containing it passes', async () => {
    const player = await server.createSignedInPlayer();
    const before = await lastSeq();
    for (const text of ['this is a SCAM', 'Rigged!']) {
      const refused = await call('POST', '/ps/channels/20/messages', player.cookie, { text });
      expect(refused.status, text).toBe(400);
      expect(await fieldsOf(refused)).toEqual(['text']);
    }
    expect(await lastSeq()).toBe(before);
    expect((await call('POST', '/ps/channels/20/messages', player.cookie, { text: 'scampi for dinner' })).status).toBe(200);
  });

  it('a moderator mutes a player for a time (channels.moderate, audited once): the player is refused with 403 saying until when, storing nothing; other players are unaffected; the mute ends', async () => {
    const player = await server.createSignedInPlayer();
    const other = await server.createSignedInPlayer();
    expect((await call('POST', '/bo/channels/20/mutes', null, { partyId: player.partyId, minutes: 5 })).status).toBe(401);
    const auditor = await staff.signIn('bo.auditor');
    expect((await staff.call('POST', '/bo/channels/20/mutes', auditor, { partyId: player.partyId, minutes: 5 })).status).toBe(403);
    const operator = await staff.signIn('bo.operator');
    for (const [body, field] of [
      [{ partyId: 'nope', minutes: 5 }, 'partyId'],
      [{ partyId: player.partyId, minutes: 0 }, 'minutes'],
    ] as const) {
      const bad = await staff.call('POST', '/bo/channels/20/mutes', operator, body);
      expect(bad.status).toBe(400);
      expect(await fieldsOf(bad)).toContain(field);
    }
    expect((await staff.call('POST', '/bo/channels/99999/mutes', operator, { partyId: player.partyId, minutes: 5 })).status).toBe(404);
    expect(
      await server.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.action, 'channel.mute'), eq(staffAudit.subjectId, player.partyId))),
    ).toHaveLength(0);

    const muted = await staff.call('POST', '/bo/channels/20/mutes', operator, { partyId: player.partyId, minutes: 5 });
    expect(muted.status).toBe(200);
    const { until } = (await muted.json()) as { until: string };
    const audits = await server.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'channel.mute'), eq(staffAudit.subjectId, player.partyId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ permission: 'channels.moderate', subjectType: 'player' });

    const before = await lastSeq();
    const refused = await call('POST', '/ps/channels/20/messages', player.cookie, { text: 'hello?' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain(until);
    expect(await lastSeq()).toBe(before);
    expect((await call('POST', '/ps/channels/20/messages', other.cookie, { text: 'I can talk' })).status).toBe(200);

    // The mute ends: a one-minute mute recorded as already past lets the player talk again.
    const short = await staff.call('POST', '/bo/channels/20/mutes', operator, { partyId: player.partyId, minutes: 1 });
    expect(short.status).toBe(200);
    const { mutedUntil } = await import('../../server/channels/channels.service');
    expect(await mutedUntil(server.db, 20, player.partyId, new Date(Date.now() + 61_000))).toBeUndefined();
    expect(await mutedUntil(server.db, 20, player.partyId)).toBeDefined();
  });

  it('slow mode: with 30 s set (audited once), a second message within it is 429 with the wait; 0 turns it off; bad seconds 400 naming seconds; without channels.moderate 403', async () => {
    const player = await server.createSignedInPlayer();
    const support = await staff.signIn('bo.auditor');
    expect((await staff.call('PUT', '/bo/channels/20/slow-mode', support, { seconds: 30 })).status).toBe(403);
    const operator = await staff.signIn('bo.operator');
    const bad = await staff.call('PUT', '/bo/channels/20/slow-mode', operator, { seconds: -1 });
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toContain('seconds');
    const auditsBefore = (
      await server.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.action, 'channel.slow_mode'), eq(staffAudit.subjectId, '20')))
    ).length;
    expect((await staff.call('PUT', '/bo/channels/20/slow-mode', operator, { seconds: 30 })).status).toBe(200);
    expect(
      await server.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.action, 'channel.slow_mode'), eq(staffAudit.subjectId, '20'))),
    ).toHaveLength(auditsBefore + 1);
    try {
      expect((await call('POST', '/ps/channels/20/messages', player.cookie, { text: 'first' })).status).toBe(200);
      const second = await call('POST', '/ps/channels/20/messages', player.cookie, { text: 'second' });
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      expect((await staff.call('PUT', '/bo/channels/20/slow-mode', operator, { seconds: 0 })).status).toBe(200);
    }
    expect((await call('POST', '/ps/channels/20/messages', player.cookie, { text: 'third' })).status).toBe(200);
  });

  it('slow mode counts from the player’s latest message, also one sent just before slow mode was switched on', async () => {
    const player = await server.createSignedInPlayer();
    const operator = await staff.signIn('bo.operator');
    expect((await call('POST', '/ps/channels/20/messages', player.cookie, { text: 'before slow mode' })).status).toBe(200);
    expect((await staff.call('PUT', '/bo/channels/20/slow-mode', operator, { seconds: 30 })).status).toBe(200);
    try {
      expect((await call('POST', '/ps/channels/20/messages', player.cookie, { text: 'right after' })).status).toBe(429);
      // Another player who has not written lately is not slowed by it.
      const other = await server.createSignedInPlayer();
      expect((await call('POST', '/ps/channels/20/messages', other.cookie, { text: 'first from me' })).status).toBe(200);
    } finally {
      expect((await staff.call('PUT', '/bo/channels/20/slow-mode', operator, { seconds: 0 })).status).toBe(200);
    }
  });

  it("each bingo room's chat is a CHAT channel created from the room configuration (Penny Lane: 30), listed and taking players' posts; a mute there leaves the lounge (20) open", async () => {
    const channels = (await (await call('GET', '/cms/wp-json/wp/v2/channel/all?type=public', null)).json()) as {
      channelId: number;
      name: string;
      mode: string;
    }[];
    expect(channels).toContainEqual({ channelId: 30, name: 'Penny Lane chat', mode: 'CHAT' });
    const player = await server.createSignedInPlayer();
    // A bingo room's chat takes messages from players with a chat nickname only (issue 27).
    expect((await call('POST', '/ps/channels/30/messages', player.cookie, { text: 'Eyes down!' })).status).toBe(400);
    await chooseNickname(player.cookie);
    expect((await call('POST', '/ps/channels/30/messages', player.cookie, { text: 'Eyes down!' })).status).toBe(200);
    const operator = await staff.signIn('bo.operator');
    expect((await staff.call('POST', '/bo/channels/30/mutes', operator, { partyId: player.partyId, minutes: 5 })).status).toBe(200);
    expect((await call('POST', '/ps/channels/30/messages', player.cookie, { text: 'still here' })).status).toBe(403);
    expect((await call('POST', '/ps/channels/20/messages', player.cookie, { text: 'over in the lounge' })).status).toBe(200);
  });

  it("a moderator's view of a channel: its slow mode and recent messages with each player's id and mute; lifting a mute (audited) lets the player write again at once; no session 401, no permission 403, bad ids 400, unknown channel or player 404", async () => {
    const player = await server.createSignedInPlayer();
    const nickname = await chooseNickname(player.cookie);
    expect((await call('POST', '/ps/channels/30/messages', player.cookie, { text: 'Two fat ladies' })).status).toBe(200);
    expect((await call('GET', '/bo/channels/30/moderation', null)).status).toBe(401);
    expect((await call('GET', '/bo/channels/30/moderation', player.cookie)).status).toBe(401);
    const auditor = await staff.signIn('bo.auditor');
    expect((await staff.call('GET', '/bo/channels/30/moderation', auditor)).status).toBe(403);
    const moderator = await staff.signIn('bo.moderator');
    expect((await staff.call('GET', '/bo/channels/abc/moderation', moderator)).status).toBe(400);
    expect((await staff.call('GET', '/bo/channels/99999/moderation', moderator)).status).toBe(404);

    const view = async () => channelModerationResponseSchema.parse(await (await staff.call('GET', '/bo/channels/30/moderation', moderator)).json());
    const mine = (await view()).messages.filter((message) => message.authorId === player.partyId);
    // Staff see the sign-in name and the nickname the room sees.
    expect(mine.at(-1)).toMatchObject({ text: 'Two fat ladies', author: { kind: 'PLAYER' }, mutedUntil: null, nickname });

    // An id that is no player's is 404 and records nothing; a malformed one is 400 naming it.
    const stranger = '00000000-0000-4000-8000-000000000000';
    expect((await staff.call('POST', '/bo/channels/30/mutes', moderator, { partyId: stranger, minutes: 5 })).status).toBe(404);
    expect((await staff.call('DELETE', `/bo/channels/30/mutes/${stranger}`, moderator)).status).toBe(404);
    const malformed = await staff.call('DELETE', '/bo/channels/30/mutes/nope', moderator);
    expect(malformed.status).toBe(400);
    expect(await fieldsOf(malformed)).toContain('partyId');
    expect(await server.db.select().from(staffAudit).where(eq(staffAudit.subjectId, stranger))).toHaveLength(0);

    expect((await staff.call('POST', '/bo/channels/30/mutes', moderator, { partyId: player.partyId, minutes: 60 })).status).toBe(200);
    expect((await view()).messages.filter((message) => message.authorId === player.partyId).every((message) => message.mutedUntil !== null)).toBe(true);
    expect((await call('POST', '/ps/channels/30/messages', player.cookie, { text: 'muted' })).status).toBe(403);

    expect((await call('DELETE', `/bo/channels/30/mutes/${player.partyId}`, null)).status).toBe(401);
    expect((await staff.call('DELETE', `/bo/channels/30/mutes/${player.partyId}`, auditor)).status).toBe(403);
    const lifted = await staff.call('DELETE', `/bo/channels/30/mutes/${player.partyId}`, moderator);
    expect(lifted.status, await lifted.clone().text()).toBe(200);
    const audits = await server.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'channel.mute'), eq(staffAudit.subjectId, player.partyId)));
    expect(audits).toHaveLength(2);
    expect(audits.map((audit) => (audit.detail as { lifted?: boolean }).lifted ?? false)).toContain(true);
    expect((await view()).messages.filter((message) => message.authorId === player.partyId).every((message) => message.mutedUntil === null)).toBe(true);
    expect((await call('POST', '/ps/channels/30/messages', player.cookie, { text: 'back again' })).status).toBe(200);
  });
});
