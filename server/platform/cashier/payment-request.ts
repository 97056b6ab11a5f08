import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../../contracts/errors';
import type { ServiceContext } from '../../service-context';
import { requireCashierPlayer } from './cashier-access';
import { checkMethodFields, minorAmount, requireMethod, requireRange, type Direction } from './cashier-rules';

/** The error answers of the deposit and withdrawal operations. */
export const paymentErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  402: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};

/**
 * What processDeposit and processWithdrawal check first, in this order: the player (with the
 * identity gate), the method for this direction, the method's own fields, and its amount range
 * in the player's currency. Answers the player, the method, the range and the amount in minor units.
 */
export async function readPaymentRequest(
  context: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { paymentMethod: string; amount: number } & Record<string, unknown>,
  direction: Direction,
) {
  const player = await requireCashierPlayer(context, request, reply, { walletGate: true });
  const method = requireMethod(context.paymentMethods, body.paymentMethod, direction);
  checkMethodFields(method, direction, body);
  const range = requireRange(method, player.currency, direction);
  return { player, method, range, amount: minorAmount(body.amount) };
}
