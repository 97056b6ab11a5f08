import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { resolveSession, SESSION_COOKIE, sessionPolicy, type ActiveSession } from './session-store';

/**
 * The session cookie (DEF-05, SESS-37): HttpOnly so page scripts never read it, SameSite=Lax,
 * Secure whenever the request came over HTTPS, and no longer-lived than the session itself.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The one access check at the top of every signed-in operation: a live session, or 401. */
export async function requireSession(context: ServiceContext, request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession> {
  const token = request.cookies[SESSION_COOKIE];
  const session = await resolveSession(context.database.db, token, sessionPolicy(context.config));
  if (!session) {
    if (token) clearSessionCookie(reply);
    throw new AppError(token ? 'INVALID_SESSIONKEY' : 'NOT_LOGGED_IN_ERROR');
  }
  return session;
}
