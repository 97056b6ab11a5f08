import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentVersion } from '../../server/db/schema';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, uniqueId, walletCall } from '../support/wallet-helpers';
import { inTransaction } from '../../server/db/transaction';
import { reserveWithdrawal, returnWithdrawal } from '../../server/platform/wallet/cashier-movements';

type ErrorBody = { status: string; errors?: { field: string; error: string }[] };
type Consent = { consentVersionId: number; key: string; isMandatory: boolean; granted: boolean };

describe('account details: lifetime data and contact consents', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    // Marketing is asked per product and channel now (marketing-consents.test.ts); the generic
    // consents still take any optional consent an operator adds, like this one.
    await server.db
      .insert(consentVersion)
      .values({ key: 'PLAYER_RESEARCH', name: 'Invitations to player research', parentKey: 'MARKETING', isMandatory: false });
  });
  afterAll(() => server.close());

  async function player(currencies = ['EUR']) {
    const signedIn = await server.createSignedInPlayer({ currencies });
    const api = new ApiClient(server.url);
    api.cookies.set('SESSION_KEY', signedIn.token);
    return { ...signedIn, api };
  }

  describe('getLtdData (ACC-29…33)', () => {
    it('is all zero for a new player', async () => {
      const { api } = await player();
      const { body } = await api.get('/ps/getLtdData');
      expect(body).toMatchObject({
        status: 'SUCCESS',
        currency: 'EUR',
        totalDeposit: 0,
        totalWithdrawal: 0,
        netDeposit: 0,
        gameBetAmountReal: 0,
        gameWinAmountReal: 0,
        netGame: 0,
      });
    });

    it('ACC-30 ACC-31 DIS-13 sums deposits, withdrawals, real bets and wins from the ledger with the documented signs', async () => {
      const { partyId, api } = await player();
      await server.fundPlayer(partyId, 10_000n);
      await server.fundPlayer(partyId, 2_550n);
      // A withdrawal of 30.00 and one of 10.00 that came back.
      await inTransaction(server.db, (tx) => reserveWithdrawal(tx, { paymentId: crypto.randomUUID(), playerId: partyId, currency: 'EUR', amount: 3_000n }));
      const returned = crypto.randomUUID();
      await inTransaction(server.db, (tx) => reserveWithdrawal(tx, { paymentId: returned, playerId: partyId, currency: 'EUR', amount: 1_000n }));
      await inTransaction(server.db, (tx) => returnWithdrawal(tx, { paymentId: returned, playerId: partyId, currency: 'EUR', amount: 1_000n }));
      // Bets of 5.00 and 2.00 (the second rolled back) and a win of 12.50.
      const bet = gameBody(partyId, { amount: 5 });
      expect((await walletCall(server.url, 'debit', bet)).status).toBe(200);
      expect((await walletCall(server.url, 'credit', { ...gameBody(partyId, { amount: 12.5 }), roundId: bet.roundId })).status).toBe(200);
      const rolledBack = gameBody(partyId, { amount: 2 });
      expect((await walletCall(server.url, 'debit', rolledBack)).status).toBe(200);
      expect(
        (
          await walletCall(server.url, 'rollback', {
            playerId: partyId,
            transactionId: uniqueId(),
            originalTransactionId: rolledBack.transactionId,
            roundId: rolledBack.roundId,
            gameId: rolledBack.gameId,
          })
        ).status,
      ).toBe(200);

      const { body } = await api.get('/ps/getLtdData');
      expect(body).toMatchObject({
        totalDeposit: 125.5,
        totalWithdrawal: 30,
        netDeposit: -95.5,
        gameBetAmountReal: 5,
        gameWinAmountReal: 12.5,
        netGame: 7.5,
        releasedBonus: { gameBetAmount: 0, gameWinAmount: 0, bonusGrantAmount: 0, bonusReleaseAmount: 0, bonusWithdrawnAmount: 0 },
      });
    });

    it("counts only the player's own money, in the session's currency", async () => {
      const one = await player(['EUR', 'GBP']);
      const two = await player();
      await server.fundPlayer(one.partyId, 5_000n, 'GBP');
      await server.fundPlayer(two.partyId, 7_000n);
      expect((await one.api.get('/ps/getLtdData')).body).toMatchObject({ currency: 'EUR', totalDeposit: 0 });
      expect((await one.api.post('/ps/switchCurrency', { currency: 'GBP' })).status).toBe(200);
      expect((await one.api.get('/ps/getLtdData')).body).toMatchObject({ currency: 'GBP', totalDeposit: 50 });
    });

    it('answers 401 without a session', async () => {
      expect((await new ApiClient(server.url).get<ErrorBody>('/ps/getLtdData')).status).toBe(401);
    });
  });

  describe('user/consents/save (ACC-23…28, ACC-37)', () => {
    async function consents(api: ApiClient) {
      return (await api.get<{ consents: Consent[] }>('/ps/user/consents')).body.consents;
    }

    it('ACC-26 ACC-27 gives and withdraws a marketing consent by version id', async () => {
      const { api } = await player();
      const marketing = (await consents(api)).find((consent) => !consent.isMandatory)!;
      const given = await api.post<{ consents: Consent[] }>('/ps/user/consents/save', { consentedVersions: [marketing.consentVersionId] });
      expect(given.status).toBe(200);
      expect(given.body.consents.find((consent) => consent.consentVersionId === marketing.consentVersionId)?.granted).toBe(true);
      const withdrawn = await api.post<{ consents: Consent[] }>('/ps/user/consents/save', { unConsentedVersions: [marketing.consentVersionId] });
      expect(withdrawn.body.consents.find((consent) => consent.consentVersionId === marketing.consentVersionId)?.granted).toBe(false);
    });

    it('ACC-37 NS-24 refuses to withdraw a mandatory consent and changes nothing', async () => {
      const { api } = await player();
      const all = await consents(api);
      const mandatory = all.find((consent) => consent.isMandatory)!;
      const marketing = all.find((consent) => !consent.isMandatory)!;
      await api.post('/ps/user/consents/save', { consentedVersions: [mandatory.consentVersionId] });
      const answer = await api.post<ErrorBody>('/ps/user/consents/save', {
        consentedVersions: [marketing.consentVersionId],
        unConsentedVersions: [mandatory.consentVersionId],
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([{ field: 'unConsentedVersions', error: 'Mandatory consents cannot be withdrawn' }]);
      const after = await consents(api);
      expect(after.find((consent) => consent.consentVersionId === mandatory.consentVersionId)?.granted).toBe(true);
      expect(after.find((consent) => consent.consentVersionId === marketing.consentVersionId)?.granted).toBe(false);
    });

    it.each([
      ['nothing to change', {}, 'consentedVersions'],
      ['an unknown version', { consentedVersions: [99999] }, 'consentedVersions'],
      ['a version given and withdrawn at once', { consentedVersions: [3], unConsentedVersions: [3] }, 'unConsentedVersions'],
      ['a non-integer id', { consentedVersions: ['x'] }, 'consentedVersions'],
    ])('refuses %s naming %s', async (_what, body, field) => {
      const { api } = await player();
      const answer = await api.post<ErrorBody>('/ps/user/consents/save', body);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.field).toMatch(new RegExp(`^${field}`));
    });

    it('answers 401 without a session', async () => {
      expect((await new ApiClient(server.url).post('/ps/user/consents/save', { consentedVersions: [1] })).status).toBe(401);
    });
  });
});
