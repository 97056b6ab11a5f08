import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import { getLtdDataResponseSchema } from '../../../contracts/platform/accounts/get-ltd-data';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { lifetimeTotals } from '../wallet';
import { primaryCurrencyOf } from './play-identity';

const major = (minor: bigint) => fromMinorUnits(minor);

export const getLtdDataRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.get(
      '/getLtdData',
      {
        schema: {
          tags: ['platform'],
          summary: "The player's lifetime deposits, withdrawals, bets and wins from the ledger (ACC-29…33, DIS-13)",
          response: { 200: getLtdDataResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const currency = session.currency ?? (await primaryCurrencyOf(db, session.partyId)) ?? 'EUR';
        const totals = await lifetimeTotals(db, session.partyId, currency);
        return {
          status: 'SUCCESS' as const,
          currency,
          totalDeposit: major(totals.deposits),
          totalWithdrawal: major(totals.withdrawals),
          // DIS-13: the documented sign, like net game: what came back less what went in.
          netDeposit: major(totals.withdrawals - totals.deposits),
          gameBetAmountReal: major(totals.realBets),
          gameWinAmountReal: major(totals.realWins),
          netGame: major(totals.realWins - totals.realBets),
          // ACC-32, released bonus: what the released bonuses granted and what they turned into cash, from
          // the ledger's bonus movements. Stakes and wins name no bonus in the ledger, so they are
          // counted on the playable side (paid from or into BONUS) only, and a withdrawal takes cash
          // without telling where it came from: those figures stay zero here.
          releasedBonus: {
            gameBetAmount: 0,
            gameWinAmount: 0,
            bonusGrantAmount: major(totals.releasedBonusGranted),
            bonusReleaseAmount: major(totals.bonusReleased),
            bonusWithdrawnAmount: 0,
          },
          playableBonus: {
            gameBetAmount: major(totals.bonusBets),
            gameWinAmount: major(totals.bonusWins),
            bonusGrantAmount: major(totals.bonusGranted),
            bonusReleaseAmount: 0,
            bonusWithdrawnAmount: 0,
          },
        };
      },
    );
  };
