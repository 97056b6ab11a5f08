import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelMessageSchema, channelMessagesResponseSchema, chatNicknameResponseSchema } from '../../contracts/channels/channels';
import { bingoEventsResponseSchema, bingoGameStateResponseSchema } from '../../contracts/games/bingo';
import { bingoGame, player } from '../../server/db/schema';
import { createBingoDriver } from '../../server/games/kinds/bingo/driver';
import { bingoRooms } from '../../server/games/kinds/bingo/rooms';
import { eventsAfter } from '../../server/realtime/event-bus';
import { fieldsOf, gameClient } from '../support/game-play';
import { testBingoRoom } from '../support/bingo-rooms';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Chat nicknames (issue 27 item 9): players are shown in a bingo room's chat and in its winners'
 * lists by a nickname they chose — never by the name they sign in with — and write in a room's chat
 * only once they have one.
 */

const CHAT = 4_201;
const room = testBingoRoom;
const ROOMS = [room('nick-chat', { chatChannelId: CHAT }), room('nick-win')];

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer({ BINGO_ROOMS: JSON.stringify(ROOMS), CHAT_BLOCKED_WORDS: 'scam' });
  client = gameClient(server);
});
afterAll(() => server.close());

const setNickname = (cookie: string | undefined, nickname: unknown) =>
  client.call('PUT', '/ps/chat/nickname', { ...(cookie ? { cookie } : {}), body: { nickname } });
const post = (cookie: string, text: string, channelId = CHAT) => client.call('POST', `/ps/channels/${channelId}/messages`, { cookie, body: { text } });
const unique = () => randomUUID().slice(0, 8);

describe('choosing a chat nickname', () => {
  it('needs a session: 401 without one', async () => {
    expect((await setNickname(undefined, `nick_${unique()}`)).status).toBe(401);
    expect((await client.call('GET', '/ps/chat/nickname')).status).toBe(401);
  });

  it('refuses a bad shape with 400 naming nickname: too short, too long, spaces, other scripts, missing', async () => {
    const { cookie } = await server.createSignedInPlayer();
    for (const bad of ['ab', 'x'.repeat(21), 'two words', 'émile', 'ѕсаm_man', 'a.b.c', '', 42]) {
      const answer = await setNickname(cookie, bad);
      expect(answer.status, String(bad)).toBe(400);
      expect(fieldsOf(answer), String(bad)).toContain('nickname');
    }
    const missing = await client.call('PUT', '/ps/chat/nickname', { cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toContain('nickname');
    expect(chatNicknameResponseSchema.parse((await client.call('GET', '/ps/chat/nickname', { cookie })).body)).toEqual({ nickname: null });
  });

  it('refuses the sign-in name and the e-mail address’s local part, in any case, and a blocked word', async () => {
    const username = `lou_${unique()}`;
    const signedIn = await server.createSignedInPlayer({ username });
    await server.db
      .update(player)
      .set({ email: `maeve-${username}@example.test` })
      .where(eq(player.id, signedIn.partyId));
    for (const refused of [username.toUpperCase(), `Maeve-${username}`, 'scam_king']) {
      const answer = await setNickname(signedIn.cookie, refused);
      expect(answer.status, refused).toBe(400);
      expect(fieldsOf(answer), refused).toContain('nickname');
    }
  });

  it('a nickname is one player’s, without regard to case: of players asking for it at once exactly one gets it', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => server.createSignedInPlayer()));
    const wanted = `Lucky_${unique()}`;
    const answers = await Promise.all(players.map((p, index) => setNickname(p.cookie, index % 2 ? wanted.toLowerCase() : wanted.toUpperCase())));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.every((answer) => answer.status === 409 && fieldsOf(answer).includes('nickname'))).toBe(true);
    // The winner may change the case of their own nickname, and choose another one later.
    const winner = players[answers.findIndex((answer) => answer.status === 200)]!;
    expect((await setNickname(winner.cookie, wanted)).status).toBe(200);
    const other = `Other_${unique()}`;
    expect(chatNicknameResponseSchema.parse((await setNickname(winner.cookie, ` ${other} `)).body)).toEqual({ nickname: other });
    expect(chatNicknameResponseSchema.parse((await client.call('GET', '/ps/chat/nickname', { cookie: winner.cookie })).body)).toEqual({ nickname: other });
    // The name given up is free again.
    expect((await setNickname(players.find((p) => p !== winner)!.cookie, wanted)).status).toBe(200);
  });
});

describe('the room chat shows nicknames, never sign-in names', () => {
  it('a player without a nickname is asked for one (400 naming nickname); with one, the chat, the read and the gateway’s events carry it and not the username', async () => {
    await createBingoDriver(server.db, [bingoRooms({ BINGO_ROOMS: JSON.stringify(ROOMS) })[0]!], { driverId: 'nick-node', lobbyGameId: 'bingo' }).tick(
      new Date(),
    );
    const username = `secret_${unique()}`;
    const { cookie } = await server.createSignedInPlayer({ username });
    const refused = await post(cookie, 'Good luck all');
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toContain('nickname');

    const nickname = `Clover_${unique()}`;
    expect((await setNickname(cookie, nickname)).status).toBe(200);
    const sent = await post(cookie, 'Good luck all');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(channelMessageSchema.parse(sent.body).author).toEqual({ kind: 'PLAYER', name: nickname });

    const read = channelMessagesResponseSchema.parse((await client.call('GET', `/ps/channels/${CHAT}/messages`)).body);
    expect(read.messages.at(-1)?.author).toEqual({ kind: 'PLAYER', name: nickname });
    expect(JSON.stringify(read)).not.toContain(username);
    const onBus = await eventsAfter(server.db, `channel:${CHAT}`, 0);
    expect(onBus.some((event) => JSON.stringify(event.payload).includes(nickname))).toBe(true);
    expect(JSON.stringify(onBus)).not.toContain(username);
  });

  it('elsewhere (the lounge) a player without a nickname is shown as nobody in particular (null), never by username', async () => {
    const username = `lounge_${unique()}`;
    const { cookie } = await server.createSignedInPlayer({ username });
    const sent = await post(cookie, 'Hello lounge', 20);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(channelMessageSchema.parse(sent.body).author).toEqual({ kind: 'PLAYER', name: null });
    expect(JSON.stringify(await eventsAfter(server.db, 'channel:20', 0))).not.toContain(username);
    expect(JSON.stringify((await client.call('GET', '/ps/channels/20/messages')).body)).not.toContain(username);
  });
});

describe("the winners' list shows nicknames", () => {
  it('the state and the PRIZE events name each winner by nickname (null without one), never by username', { timeout: 180_000 }, async () => {
    const [winRoom] = bingoRooms({ BINGO_ROOMS: JSON.stringify(ROOMS) }).filter((r) => r.id === 'nick-win');
    const driver = createBingoDriver(server.db, [winRoom!], { driverId: 'nick-win-node', lobbyGameId: 'bingo' });
    await driver.tick(new Date());
    const [game] = await server.db
      .select()
      .from(bingoGame)
      .where(and(eq(bingoGame.roomId, 'nick-win'), eq(bingoGame.status, 'SELLING')));
    const usernames: string[] = [];
    const nicknames: string[] = [];
    for (let i = 0; i < 2; i++) {
      const username = `winner_${i}_${unique()}`;
      const signedIn = await server.createSignedInPlayer({ username, currencies: ['EUR'] });
      await server.fundPlayer(signedIn.partyId, 10_000n, 'EUR');
      usernames.push(username);
      // The second player never chooses one: shown as null.
      if (i === 0) {
        nicknames.push(`Shamrock_${unique()}`);
        expect((await setNickname(signedIn.cookie, nicknames[0])).status).toBe(200);
      }
      const { cookie } = await client.openGame(signedIn.cookie, 'bingo', true);
      const bought = await client.call('POST', '/gs/bingo/tickets', { cookie, body: { gameId: game!.id, tickets: 12, clientRequestId: randomUUID() } });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    }
    let now = new Date(game!.startsAt.getTime());
    for (let i = 0; i < 200; i++) {
      await driver.tick(now);
      const [row] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game!.id));
      if (row?.status === 'ENDED') break;
      now = new Date(now.getTime() + 1_000);
    }
    const state = bingoGameStateResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${game!.id}`)).body);
    expect(state.gameStatus).toBe('ENDED');
    expect(state.winners.length).toBeGreaterThan(0);
    for (const winner of state.winners) {
      expect(winner.names.length).toBeGreaterThan(0);
      for (const name of winner.names) expect(name === null || nicknames.includes(name)).toBe(true);
    }
    const events = bingoEventsResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${game!.id}/events`)).body).events;
    const prizes = events.filter((event) => event.type === 'PRIZE');
    expect(prizes.length).toBeGreaterThan(0);
    for (const prize of prizes) expect(Array.isArray(prize.payload.names)).toBe(true);
    const shown = JSON.stringify([state, events, await eventsAfter(server.db, 'bingo:nick-win', 0, 1_000)]);
    for (const username of usernames) expect(shown).not.toContain(username);
  });
});
