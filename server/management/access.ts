import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../contracts/platform/check-session-alive';
import { sha256Hex } from '../http/digest';
import { AppError } from '../http/app-error';
import { requireSession, type ActiveSession } from '../platform/session';
import type { ServiceContext } from '../service-context';

/**
 * The one access check for staff operations (NS-06, DEF-12, OPS-11): a live session (else 401,
 * a forged or ended cookie included) whose account holds the authority (else 403). The roles are
 * the server's own, read with the session, never anything the page sends. The back office is
 * meant to call this same function with its own authorities.
 */
export async function requireAuthority(context: ServiceContext, request: FastifyRequest, reply: FastifyReply, authority: Role): Promise<ActiveSession> {
  const session = await requireSession(context, request, reply);
  if (!session.authorities.includes(authority)) {
    request.log.warn({ partyId: session.partyId, authority, url: request.routeOptions.url }, 'access refused: the account lacks the authority');
    throw new AppError('FORBIDDEN');
  }
  checkedSessions.set(request, session);
  return session;
}

const checkedSessions = new WeakMap<FastifyRequest, ActiveSession>();

/** The session `requireAuthority` admitted for this request (to name the actor of a change). */
export function checkedSession(request: FastifyRequest): ActiveSession {
  const session = checkedSessions.get(request);
  if (!session) throw new Error('requireAuthority has not admitted this request');
  return session;
}

/** Compares digests so that neither the length nor the content of the token leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(sha256Hex(given)), Buffer.from(sha256Hex(expected)));
}

/**
 * A scraper cannot hold a session: the Prometheus endpoint also takes `Authorization: Bearer
 * <METRICS_TOKEN>`. Without METRICS_TOKEN configured only an administrator's session reads it, so
 * it is never open by default. A bearer header that does not match is refused, not tried as a
 * session.
 */
export async function requireScraperOrAdmin(context: ServiceContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  if (header === undefined) {
    await requireAuthority(context, request, reply, 'ROLE_ADMIN');
    return;
  }
  const token = /^Bearer ([^\s]+)$/i.exec(header)?.[1];
  const expected = context.config.METRICS_TOKEN;
  if (!token || !expected || !sameToken(token, expected)) throw new AppError('NOT_LOGGED_IN_ERROR', 'The metrics token is missing or wrong');
}
