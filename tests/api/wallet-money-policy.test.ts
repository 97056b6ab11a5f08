import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema } from '../../contracts/games/play';
import { gameRound } from '../../server/db/schema';
import { auditLedger, auditProblems, getPlayerBalance, PolicyRefusal, type MoneyPolicy } from '../../server/platform/wallet/index';
import { addMoneyPolicy } from '../support/money-policies';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * Issue 11, "one wallet, one policy point", through the real server on both databases (on
 * PostgreSQL the one-statement round runs as a named prepared statement, with the policies' parts
 * under a name of its own): a registered money policy refuses a slot spin and a provider's debit
 * over HTTP with nothing moved, and its statement form runs inside the one-statement round while
 * its `after` runs on the general path.
 */

const GAME = 'SR-3001';
let server: TestServer;
const removals: (() => void)[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.db.execute(
    sql`CREATE TABLE policy_note (path text NOT NULL, kind text NOT NULL, game_kind text, ledger_transaction_id bigint NOT NULL, player_id uuid NOT NULL, cash bigint NOT NULL)`,
  );
});
afterAll(() => server.close());
afterEach(() => {
  for (const remove of removals.splice(0)) remove();
});

const call: ReturnType<typeof gameClient>['call'] = (method, path, options) => gameClient(server).call(method, path, options);
const spin = (cookie: string, stake: number) => call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } });

/** Stakes over `limitMinor` are refused: `before` on the general path, the same rule as the statement's condition. */
const stakeLimit = (limitMinor: bigint): MoneyPolicy => ({
  name: 'stake-limit',
  kinds: ['bet'],
  async before(_tx, movement) {
    if (movement.amount > limitMinor)
      throw new PolicyRefusal('stake-limit', 'FORBIDDEN', 'This stake is over your limit', [{ field: 'stake', error: 'is over your stake limit' }]);
  },
  inStatement: (_movement, part) => ({ condition: `${part.amount} <= ${part.params.add(limitMinor, 'bigint')}` }),
});

/** Notes each bet and win with the path that wrote the note. */
const noteTaker: MoneyPolicy = {
  name: 'notes',
  kinds: ['bet', 'win'],
  async after(tx, movement) {
    await tx.execute(
      sql`INSERT INTO policy_note VALUES ('general', ${movement.kind}, ${movement.game?.kind ?? null}, ${movement.ledgerTransactionId}, ${movement.playerId}, ${movement.buckets.CASH})`,
    );
  },
  inStatement: (movement, part) => ({
    write: `INSERT INTO policy_note SELECT 'statement', ${part.params.add(movement.kind)}, ${part.params.add(movement.game?.kind ?? null)}, ${part.transactionId}, ${part.player}, ${part.cash} FROM ${part.from} RETURNING 1`,
  }),
};

async function realSlot() {
  const player = await server.createSignedInPlayer();
  await server.fundPlayer(player.partyId, 10_000n, 'EUR');
  const { cookie, session } = await gameClient(server).openGame(player.cookie, GAME, true);
  return { partyId: player.partyId, cookie, steps: session.title.limits.steps };
}

describe('money policies through the API (issue 11)', () => {
  it('a stake limit refuses a spin over it with 403 naming the field, nothing moved; spins within it play on', async () => {
    const { partyId, cookie, steps } = await realSlot();
    const [low, high] = [steps[0]!, steps[1]!];
    removals.push(addMoneyPolicy(server.db, stakeLimit(BigInt(Math.round(low * 100)))));
    for (let round = 0; round < 3; round += 1) expect((await spin(cookie, low)).status).toBe(200);
    const before = await getPlayerBalance(server.db, partyId, 'EUR');
    const rounds = (await server.db.select().from(gameRound).where(eq(gameRound.playerId, partyId))).length;
    const refused = await spin(cookie, high);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'FORBIDDEN', errors: [{ field: 'stake', error: 'is over your stake limit' }] });
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toEqual(before);
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, partyId))).toHaveLength(rounds);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it("a policy's statement form runs inside the one-statement round; a policy without one sends the round to the general path", async () => {
    const { partyId, cookie, steps } = await realSlot();
    removals.push(addMoneyPolicy(server.db, noteTaker));
    const wins: bigint[] = [];
    const play = async () => {
      const answer = await spin(cookie, steps[0]!);
      expect(answer.status).toBe(200);
      wins.push(BigInt(Math.round(spinResponseSchema.parse(answer.body).win * 100)));
    };
    for (let round = 0; round < 3; round += 1) await play();
    // A second policy with no statement form: the wallet now sends every round to the general path.
    removals.push(addMoneyPolicy(server.db, { name: 'general-only', kinds: ['bet'], before: async () => undefined }));
    await play();
    const notes = (await server.db.execute(
      sql`SELECT path, kind, game_kind, cash::text AS cash FROM policy_note WHERE player_id = ${partyId} ORDER BY ledger_transaction_id`,
    )) as unknown as {
      rows: { path: string; kind: string; game_kind: string | null; cash: string }[];
    };
    const stake = String(-Math.round(steps[0]! * 100));
    const moves = wins.flatMap((win) => [
      { kind: 'bet', game_kind: 'slot', cash: stake },
      { kind: 'win', game_kind: 'slot', cash: String(win) },
    ]);
    // Both paths show the policy the same movements.
    expect(notes.rows.map(({ path: _path, ...move }) => move)).toEqual(moves);
    const paths = notes.rows.map((row) => row.path);
    // The first spin may learn the seed on the general path; the next two are one statement each.
    expect(paths.slice(2, 6)).toEqual(['statement', 'statement', 'statement', 'statement']);
    // The last round is played on the general path: its bet passes the policies in TypeScript, while
    // its win (which no general-only policy looks at) is still the wallet's one-statement credit,
    // inside the round's transaction.
    expect(paths.slice(6)).toEqual(['general', 'statement']);
  });

  it("refuses a provider's signed debit over the limit with 403, nothing moved (POST /ps/wallet/debit)", async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 1_000n);
    removals.push(addMoneyPolicy(server.db, stakeLimit(100n)));
    const refused = await walletCall(server.url, 'debit', gameBody(partyId, { amount: 1.01 }));
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('FORBIDDEN');
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 1_000n, bonus: 0n });
    expect((await walletCall(server.url, 'debit', gameBody(partyId, { amount: 1 }))).status).toBe(200);
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 900n });
  });
});
