import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { fromMinorUnits, toMinorUnits } from '../../../contracts/money';
import {
  walletCreditRequestSchema,
  walletDebitRequestSchema,
  walletMovementResponseSchema,
  walletRollbackRequestSchema,
  type WalletMovementResponse,
} from '../../../contracts/platform/wallet/seamless-wallet';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { PROVIDER_HEADER, SIGNATURE_HEADER, verifyWalletSignature, walletProviderSecrets } from './provider-signature';
import type { SeamlessWallet, WalletOutcome } from './seamless-wallet';

/**
 * POST /ps/wallet/debit, /ps/wallet/credit and /ps/wallet/rollback: the seamless wallet for game
 * providers, server to server. Each request is signed over its raw body (provider-signature.ts);
 * the signature is checked before the body is even read as JSON, so an unsigned caller learns
 * nothing and changes nothing. No cookies are read or set.
 */

const INVALID_JSON = Symbol('invalid JSON');
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function toResponse(outcome: WalletOutcome): WalletMovementResponse {
  return {
    status: 'SUCCESS',
    transactionId: outcome.transactionId,
    ledgerTransactionId: String(outcome.ledgerTransactionId),
    replayed: outcome.replayed,
    currency: outcome.currency,
    cashBalance: fromMinorUnits(outcome.cash),
    bonusBalance: fromMinorUnits(outcome.bonus),
    totalBalance: fromMinorUnits(outcome.cash + outcome.bonus),
  };
}

const responses = {
  200: walletMovementResponseSchema,
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const seamlessWalletRoutes =
  (context: ServiceContext, wallet: SeamlessWallet): FastifyPluginAsyncZod =>
  async (app) => {
    const secrets = walletProviderSecrets(context.config);

    // This plugin's own JSON parser keeps the raw bytes for the signature; other routes keep Fastify's.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(request, raw);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(null, INVALID_JSON);
      }
    });

    app.addHook('preValidation', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const raw = rawBodies.get(request);
      if (!raw || !verifyWalletSignature(secrets, headerValue(request, PROVIDER_HEADER), headerValue(request, SIGNATURE_HEADER), raw)) {
        throw new AppError('INVALID_SIGNATURE');
      }
      if (request.body === INVALID_JSON) throw new AppError('MALFORMED_BODY');
    });

    const providerOf = (request: FastifyRequest) => headerValue(request, PROVIDER_HEADER) ?? '';

    app.post(
      '/wallet/debit',
      {
        config: { signedServerCall: true },
        schema: {
          tags: ['wallet'],
          summary: 'Seamless wallet: take a bet (CASH first, then BONUS), idempotent by transactionId',
          body: walletDebitRequestSchema,
          response: responses,
        },
      },
      async (request) => {
        const { playerId, currency, amount, transactionId, roundId, gameId, kind } = request.body;
        return toResponse(
          await wallet.debit({
            providerId: providerOf(request),
            playerId,
            currency,
            amount: toMinorUnits(amount),
            transactionId,
            roundId,
            gameId,
            ...(kind ? { gameKind: kind } : {}),
          }),
        );
      },
    );

    app.post(
      '/wallet/credit',
      {
        config: { signedServerCall: true },
        schema: {
          tags: ['wallet'],
          summary:
            'Seamless wallet: pay a win (the share its round staked from bonus money into BONUS, the rest into CASH; 0 closes a lost round), idempotent by transactionId',
          body: walletCreditRequestSchema,
          response: responses,
        },
      },
      async (request) => {
        const { playerId, currency, amount, transactionId, roundId, gameId } = request.body;
        return toResponse(
          await wallet.credit({ providerId: providerOf(request), playerId, currency, amount: toMinorUnits(amount), transactionId, roundId, gameId }),
        );
      },
    );

    app.post(
      '/wallet/rollback',
      {
        config: { signedServerCall: true },
        schema: {
          tags: ['wallet'],
          summary:
            'Seamless wallet: cancel a debit, returning exactly what it took; unknown debits answer TRANSACTION_NOT_FOUND and are refused if they arrive later',
          body: walletRollbackRequestSchema,
          response: responses,
        },
      },
      async (request) => {
        const { playerId, transactionId, originalTransactionId, roundId, gameId } = request.body;
        return toResponse(await wallet.rollback({ providerId: providerOf(request), playerId, transactionId, originalTransactionId, roundId, gameId }));
      },
    );
  };
