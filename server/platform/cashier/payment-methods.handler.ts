import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits } from '../../../contracts/money';
import {
  getDepositLimitsResponseSchema,
  getDepositMethodsResponseSchema,
  getWithdrawalLimitsResponseSchema,
  getWithdrawalMethodsResponseSchema,
  methodLimitsQuerySchema,
} from '../../../contracts/platform/cashier/payment-methods';
import type { ServiceContext } from '../../service-context';
import { getPlayerBalance } from '../wallet';
import { requireCashierPlayer } from './cashier-access';
import { depositedSince, methodRange, requireMethod, requireRange } from './cashier-rules';
import { depositHeadroom } from '../limits';
import { lastBankAccount } from './payments.repository';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const major = (minor: bigint) => fromMinorUnits(minor);
const lower = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * The methods the signed-in player may use and their limits in the active currency (DEP-05,
 * DEP-10, WDR-02, WDR-05): the server's limits, which processDeposit and processWithdrawal
 * enforce again (DEF-04). Behind the wallet gate (KYCFAILED).
 */
export const paymentMethodsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const registry = context.paymentMethods;

    app.get(
      '/getDepositMethods',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Deposit methods with their minimum and maximum (DEP-05)',
          response: { 200: getDepositMethodsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        const depositMethods = registry.enabled.flatMap((method) => {
          const range = methodRange(method, player.currency, 'deposit');
          return range ? [{ code: method.code, minimumDeposit: major(range.min), maximumDeposit: major(range.max) }] : [];
        });
        return { status: 'SUCCESS' as const, currency: player.currency, depositMethods };
      },
    );

    app.get(
      '/getWithdrawalMethods',
      {
        schema: {
          tags: ['cashier'],
          summary: 'Withdrawal methods with their minimum and maximum (WDR-02); OMEGA_BANK once the player has deposited from a bank account',
          response: { 200: getWithdrawalMethodsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        const withdrawalMethods = [];
        for (const method of registry.enabled) {
          const range = methodRange(method, player.currency, 'withdrawal');
          if (!range) continue;
          if (method.kind === 'bank-confirm' && !(await lastBankAccount(db, player.partyId, method.code))) continue;
          withdrawalMethods.push({ code: method.code, minimumWithdrawal: major(range.min), maximumWithdrawal: major(range.max) });
        }
        return { status: 'SUCCESS' as const, currency: player.currency, withdrawalMethods };
      },
    );

    app.get(
      '/getDepositLimits',
      {
        schema: {
          tags: ['cashier'],
          summary: "One method's deposit range, the maximum lowered to what the player's personal deposit limits still allow (DEP-10)",
          querystring: methodLimitsQuerySchema,
          response: { 200: getDepositLimitsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        const method = requireMethod(registry, request.query.paymentMethodCode, 'deposit', 'paymentMethodCode');
        const range = requireRange(method, player.currency, 'deposit', 'paymentMethodCode');
        const headroom = await depositHeadroom(db, player.partyId, player.currency, depositedSince);
        const maximum = headroom.reduce((max, entry) => lower(max, entry.left), range.max);
        return {
          status: 'SUCCESS' as const,
          paymentMethodCode: method.code,
          currency: player.currency,
          minimumDeposit: major(range.min),
          maximumDeposit: major(maximum),
        };
      },
    );

    app.get(
      '/getWithdrawalLimits',
      {
        schema: {
          tags: ['cashier'],
          summary: "One method's withdrawal range, the maximum lowered to the withdrawable balance (WDR-05, DEF-03, DEF-04)",
          querystring: methodLimitsQuerySchema,
          response: { 200: getWithdrawalLimitsResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
        const method = requireMethod(registry, request.query.paymentMethodCode, 'withdrawal', 'paymentMethodCode');
        const range = requireRange(method, player.currency, 'withdrawal', 'paymentMethodCode');
        const balance = await getPlayerBalance(db, player.partyId, player.currency);
        return {
          status: 'SUCCESS' as const,
          paymentMethodCode: method.code,
          currency: player.currency,
          minimumWithdrawal: major(range.min),
          maximumWithdrawal: major(lower(range.max, balance.cash)),
        };
      },
    );
  };
