import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import { getBalanceResponseSchema, type CurrencyBalance, type GetBalanceResponse } from '../../../contracts/platform/wallet/balance';
import type { Db } from '../../db/database';
import type { ServiceContext } from '../../service-context';
import { associateAccounts } from '../accounts/index';
import { requireSession } from '../session/index';
import { getPlayerBalances } from './ledger';
import type { LoyaltyPointsSource, WalletDependencies } from './wallet-dependencies';

const DEFAULT_CURRENCY = 'EUR';

/**
 * The player's balances in every currency they hold (their currency accounts, plus any currency
 * the ledger holds money in), the session's active currency flagged. A currency with no movement
 * yet reads as zero; a player without currency accounts still gets the active one (EUR by default).
 */
export async function currencyBalances(
  db: Db,
  partyId: string,
  sessionCurrency: string | null,
  loyaltyPoints?: LoyaltyPointsSource,
): Promise<CurrencyBalance[]> {
  const [accounts, balances, points] = await Promise.all([
    associateAccounts(db, partyId, sessionCurrency),
    getPlayerBalances(db, partyId),
    loyaltyPoints ? loyaltyPoints(db, partyId) : 0n,
  ]);
  const activeCurrency = sessionCurrency ?? accounts.find((account) => account.isPrimary)?.currency ?? accounts[0]?.currency ?? DEFAULT_CURRENCY;
  const currencies = [...new Set([...accounts.map((account) => account.currency), ...balances.map((balance) => balance.currency)])];
  if (!currencies.includes(activeCurrency)) currencies.unshift(activeCurrency);
  return currencies.map((currency) => {
    const balance = balances.find((entry) => entry.currency === currency);
    const cash = balance?.cash ?? 0n;
    const bonus = balance?.bonus ?? 0n;
    return {
      currency,
      withdrawableBalance: fromMinorUnits(cash),
      bonusBalance: fromMinorUnits(bonus),
      totalBalance: fromMinorUnits(cash + bonus),
      // One points balance per player (LOY-08), shown with every currency.
      loyaltyPoint: Number(points),
      active: currency === activeCurrency,
    };
  });
}

export async function balanceResponse(
  db: Db,
  partyId: string,
  sessionCurrency: string | null,
  loyaltyPoints?: LoyaltyPointsSource,
): Promise<GetBalanceResponse> {
  return { status: 'SUCCESS', currencyBalances: await currencyBalances(db, partyId, sessionCurrency, loyaltyPoints) };
}

/** GET /ps/getBalance and its alias GET /ps/getPlayerBalance (WALLET-13, WALLET-14, DIS-14). */
export const getBalanceRoutes =
  (context: ServiceContext, { loyaltyPoints }: WalletDependencies = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    for (const [url, summary] of [
      ['/getBalance', "The signed-in player's balances per currency (WALLET-13)"],
      ['/getPlayerBalance', 'Alias of getBalance (WALLET-14, DIS-14)'],
    ] as const) {
      app.get(
        url,
        {
          config: { restrictedSession: true },
          schema: { tags: ['platform', 'wallet'], summary, response: { 200: getBalanceResponseSchema, 401: errorResponseSchema } },
        },
        async (request, reply) => {
          const session = await requireSession(context, request, reply);
          reply.header('cache-control', 'no-store');
          return balanceResponse(db, session.partyId, session.currency, loyaltyPoints);
        },
      );
    }
  };
