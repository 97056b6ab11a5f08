import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf, gameClient, type Answer } from '../support/game-play';
import { tableDigest } from '../support/table-digest';
import { startTestServer, type TestServer } from '../support/test-server';
import { walletCall } from '../support/wallet-helpers';

/**
 * Issue 11, defect 2: text the database cannot store — NUL (U+0000) and lone UTF-16 surrogates —
 * gave 500 on 12 operations. It is refused once, at the edge, with 400 naming the field, for the
 * body, the query and the path of every operation, and nothing is written.
 */

const SLOT = 'SR-3001';
const MINES = 'PA-5002';
const NUL = 'x\u0000';
const LONE_SURROGATE = 'x\ud800';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
});
afterAll(() => server.close());

function expectRefused(answer: Answer | { status: number; body: Record<string, unknown> }, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.status).toBe('VALIDATION_ERROR');
  expect(fieldsOf(answer as Answer)).toEqual([field]);
}

/** Runs `send` and checks that it changed no row of any table. */
async function unchanged<T>(send: () => Promise<T>): Promise<T> {
  const before = await tableDigest(server.db);
  const answer = await send();
  expect(await tableDigest(server.db)).toEqual(before);
  return answer;
}

describe('defect 2: NUL and lone surrogates are refused at the edge with 400 naming the field', () => {
  it('POST /ps/login with a NUL in the username (no session)', async () => {
    for (const username of [NUL, LONE_SURROGATE]) {
      const answer = await unchanged(() => client.call('POST', '/ps/login', { body: { username, password: 'whatever1' } }));
      expectRefused(answer, 'username');
    }
  });

  it('POST /ps/signupConfirmation with a NUL in the e-mail (no session)', async () => {
    const answer = await unchanged(() =>
      client.call('POST', '/ps/signupConfirmation', { body: { confirmationCode: 'abcdef', email: `a${NUL}@example.test` } }),
    );
    expectRefused(answer, 'email');
  });

  it('favourites: addFavoriteGame and removeFavoriteGame with a NUL game id', async () => {
    const { cookie } = await server.createSignedInPlayer();
    for (const path of ['/ps/addFavoriteGame', '/ps/removeFavoriteGame']) {
      const answer = await unchanged(() => client.call('POST', path, { cookie, body: { gameId: `SR-3001${NUL}` } }));
      expectRefused(answer, 'gameId');
    }
  });

  it('clientRequestId of a game round, and the clientSeed of seeds/rotate', async () => {
    const signedIn = await server.createSignedInPlayer();
    await server.fundPlayer(signedIn.partyId, 10_000n);
    const slot = await client.openGame(signedIn.cookie, SLOT, true);
    const spin = await unchanged(() => client.call('POST', '/gs/slots/spin', { cookie: slot.cookie, body: { stake: 1, clientRequestId: NUL } }));
    expectRefused(spin, 'clientRequestId');
    const rotate = await unchanged(() => client.call('POST', '/gs/seeds/rotate', { cookie: slot.cookie, body: { clientSeed: LONE_SURROGATE } }));
    expectRefused(rotate, 'clientSeed');

    const mines = await client.openGame(signedIn.cookie, MINES, true);
    const start = await unchanged(() => client.call('POST', '/gs/mines/start', { cookie: mines.cookie, body: { stake: 1, mines: 3, clientRequestId: NUL } }));
    expectRefused(start, 'clientRequestId');
  });

  it('seamless-wallet ids: the signature is checked first, then the text', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 1_000n);
    const body = { playerId: partyId, currency: 'EUR', amount: 1, transactionId: `t-${randomUUID()}`, roundId: NUL, gameId: 'SR-3001' };
    const unsigned = await unchanged(() => walletCall(server.url, 'debit', body, { signature: null }));
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.status).toBe('INVALID_SIGNATURE');
    const signed = await unchanged(() => walletCall(server.url, 'debit', body));
    expectRefused(signed, 'roundId');
    const credit = await unchanged(() => walletCall(server.url, 'credit', { ...body, roundId: 'r-1', gameId: LONE_SURROGATE }));
    expectRefused(credit, 'gameId');
  });

  it('names nested fields, query parameters and path parameters', async () => {
    const { cookie } = await server.createSignedInPlayer();
    const nested = await unchanged(() =>
      client.call('POST', '/ps/user/consents', { cookie, body: { consents: [{ consentVersionId: 1, granted: true, note: NUL }] } }),
    );
    expectRefused(nested, 'consents.0.note');
    const key = await unchanged(() => client.call('POST', '/ps/login', { body: { username: 'someone', password: 'whatever1', [NUL]: 1 } }));
    expect(key.status).toBe(400);
    const query = await unchanged(() => client.call('GET', '/cms/wp-json/wp/v2/game?search=x%00'));
    expectRefused(query, 'search');
    const path = await unchanged(() => client.call('GET', `/gs/rounds/${encodeURIComponent(NUL)}/verify`));
    expectRefused(path, 'id');
  });

  it('keeps text the database can store: a surrogate pair (emoji) is not refused as text', async () => {
    const answer = await client.call('POST', '/ps/login', { body: { username: 'player\u{1F340}', password: 'whatever1' } });
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('INVALID_CREDENTIALS');
  });
});
