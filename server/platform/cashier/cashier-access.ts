import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayPlayForReal } from '../../../contracts/platform/accounts/identity-gate';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { findPlayer, primaryCurrencyOf } from '../accounts';
import { requireSession, type ActiveSession } from '../session';

export interface CashierPlayer {
  session: ActiveSession;
  partyId: string;
  /** The session's active currency (the primary one unless switched). */
  currency: string;
  language: string;
}

/**
 * The access check of every cashier operation: a live session (401 otherwise) and, for wallet
 * operations, the identity gate (DIS-01, WALLET-10, DEP-52, DEF-13): a player who may not play
 * for real gets KYCFAILED, whatever the portal shows.
 */
export async function requireCashierPlayer(
  context: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { walletGate: boolean },
): Promise<CashierPlayer> {
  const session = await requireSession(context, request, reply);
  if (options.walletGate && !mayPlayForReal(session)) throw new AppError('KYCFAILED');
  const { db } = context.database;
  const row = await findPlayer(db, session.partyId);
  const currency = session.currency || ((await primaryCurrencyOf(db, session.partyId)) ?? 'EUR');
  return { session, partyId: session.partyId, currency, language: row?.language ?? 'en' };
}
