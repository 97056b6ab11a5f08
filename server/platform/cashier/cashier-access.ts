import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayPlayForReal } from '../../../contracts/platform/accounts/identity-gate';
import { player, playerCurrencyAccount } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session/session-cookie';
import type { ActiveSession } from '../session/session-store';

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
  const [row] = await db.select({ language: player.language }).from(player).where(eq(player.id, session.partyId));
  let currency = session.currency;
  if (!currency) {
    const [primary] = await db
      .select({ currency: playerCurrencyAccount.currency })
      .from(playerCurrencyAccount)
      .where(and(eq(playerCurrencyAccount.playerId, session.partyId), eq(playerCurrencyAccount.isPrimary, true)));
    currency = primary?.currency ?? 'EUR';
  }
  return { session, partyId: session.partyId, currency, language: row?.language ?? 'en' };
}
