import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelListSchema, channelMessageSchema, channelMessagesResponseSchema } from '../../contracts/channels/channels';
import { staffAudit } from '../../server/db/schema';
import { cookieCall } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { followTopic } from '../support/gateway-client';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 16: message channels — channel/all, messages on the real-time bus, players' and staff posts. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
const staff = staffApi(() => server);

const call = cookieCall(() => server.url);

const follow = (cookie: string, topic: string) => followTopic(server.url, cookie, topic);

describe('channels', () => {
  it('BOOT-12 CONTENT-25 CONTENT-26 channel/all lists the public channels, channel 20 among them', async () => {
    const response = await call('GET', '/cms/wp-json/wp/v2/channel/all?type=public', null);
    expect(response.status).toBe(200);
    const channels = channelListSchema.parse(await response.json());
    expect(channels.map((channel) => channel.channelId)).toEqual(expect.arrayContaining([20, 21, 22]));
    expect(channels.find((channel) => channel.channelId === 20)).toMatchObject({ name: expect.any(String), mode: 'CHAT' });
    expect((await call('GET', '/cms/wp-json/wp/v2/channel/all?type=private', null)).status).toBe(400);
  });

  it("CONTENT-24 a player's post is published on channel:20 in its transaction and read back after a sequence number", async () => {
    const player = await server.createSignedInPlayer();
    const before = channelMessagesResponseSchema.parse(await (await call('GET', '/ps/channels/20/messages', null)).json());
    const watcher = await follow(player.cookie, 'channel:20');
    const response = await call('POST', '/ps/channels/20/messages', player.cookie, { text: '  Hello\u0007  <b>lounge</b>\n ' });
    expect(response.status).toBe(200);
    const message = channelMessageSchema.parse(await response.json());
    expect(message).toMatchObject({ channelId: 20, author: { kind: 'PLAYER' }, text: 'Hello <b>lounge</b>' });
    await expect.poll(() => watcher.events.map((event) => event.type === 'event' && event.seq)).toContain(message.seq);
    watcher.close();
    const after = channelMessagesResponseSchema.parse(await (await call('GET', `/ps/channels/20/messages?afterSeq=${before.lastSeq}`, null)).json());
    expect(after.messages.map((read) => read.text)).toEqual(['Hello <b>lounge</b>']);
    expect(after.lastSeq).toBe(message.seq);
    const paged = channelMessagesResponseSchema.parse(await (await call('GET', '/ps/channels/20/messages?limit=1', null)).json());
    expect(paged.messages).toHaveLength(1);
  });

  it('posting needs a session (401); bad input is 400 naming the field and stores nothing; a missing channel is 404', async () => {
    expect((await call('POST', '/ps/channels/20/messages', null, { text: 'hi' })).status).toBe(401);
    const player = await server.createSignedInPlayer();
    const before = channelMessagesResponseSchema.parse(await (await call('GET', '/ps/channels/20/messages', null)).json());
    for (const [body, field] of [
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(501) }, 'text'],
      [{}, 'text'],
      [{ text: 5 }, 'text'],
    ] as const) {
      const response = await call('POST', '/ps/channels/20/messages', player.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(field);
    }
    const banner = await call('POST', '/ps/channels/21/messages', player.cookie, { text: 'not a chat' });
    expect(banner.status).toBe(400);
    expect(JSON.stringify(await banner.json())).toContain('channelId');
    expect((await call('POST', '/ps/channels/abc/messages', player.cookie, { text: 'x' })).status).toBe(400);
    expect((await call('POST', '/ps/channels/999/messages', player.cookie, { text: 'x' })).status).toBe(404);
    expect((await call('GET', '/ps/channels/20/messages?afterSeq=-1', null)).status).toBe(400);
    const after = channelMessagesResponseSchema.parse(await (await call('GET', '/ps/channels/20/messages', null)).json());
    expect(after.lastSeq).toBe(before.lastSeq);
  });

  it('a player posting too quickly is refused with 429', async () => {
    const player = await server.createSignedInPlayer();
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await call('POST', '/ps/channels/20/messages', player.cookie, { text: `quick ${n}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('staff post to any public channel with channels.post, audited once; without it 403 and nothing stored', async () => {
    const before = channelMessagesResponseSchema.parse(await (await call('GET', '/ps/channels/21/messages', null)).json());
    expect((await staff.call('POST', '/bo/channels/21/messages', null, { text: 'x' })).status).toBe(401);
    const auditor = await staff.signIn('bo.auditor');
    expect((await staff.call('POST', '/bo/channels/21/messages', auditor, { text: 'Not mine to say' })).status).toBe(403);
    const support = await staff.signIn('bo.support');
    const bad = await staff.call('POST', '/bo/channels/21/messages', support, { text: '' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('text');
    const response = await staff.call('POST', '/bo/channels/21/messages', support, { text: 'Tournament starts at 20:00' });
    expect(response.status).toBe(200);
    const message = channelMessageSchema.parse(await response.json());
    // Issue 25 (7): players (and visitors) see the team, never the member's sign-in name.
    expect(message).toMatchObject({ channelId: 21, author: { kind: 'STAFF', name: null } });
    const afterResponse = await call('GET', `/ps/channels/21/messages?afterSeq=${before.lastSeq}`, null);
    const afterText = await afterResponse.clone().text();
    expect(afterText).not.toContain('bo.support');
    const after = channelMessagesResponseSchema.parse(await afterResponse.json());
    expect(after.messages.map((read) => read.text)).toEqual(['Tournament starts at 20:00']);
    const audits = await server.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, 'channel.post'), eq(staffAudit.subjectId, '21')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ subjectType: 'channel', permission: 'channels.post' });
    // A public name the member chose for themselves is shown instead of the team; never the sign-in name.
    const named = await staff.call('POST', '/bo/me/publicName', support, { publicName: 'Aoife from Emerald' });
    expect(named.status).toBe(200);
    expect((await staff.call('POST', '/bo/me/publicName', support, { publicName: '<b>' })).status).toBe(400);
    const signed = channelMessageSchema.parse(await (await staff.call('POST', '/bo/channels/21/messages', support, { text: 'Good luck all' })).json());
    expect(signed.author).toEqual({ kind: 'STAFF', name: 'Aoife from Emerald' });
    expect(await (await call('GET', `/ps/channels/21/messages?afterSeq=${before.lastSeq}`, null)).text()).not.toContain('bo.support');
    expect((await staff.call('POST', '/bo/me/publicName', support, { publicName: null })).status).toBe(200);
  });
});
