import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Language } from '../../../contracts/content/translations';
import { AppError } from '../../http/app-error';
import { requestLanguage } from '../language/language';
import { restrictedText } from '../limits';
import { noteActingParty } from '../../logging/request-log';
import type { ServiceContext } from '../../service-context';
import { endSession, openSession, resolveSession, SESSION_COOKIE, sessionPolicy, type ActiveSession, type OpenedSession } from './session-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Open to a restricted session (a player on a time-out, issue 26 defect 4): balance, withdrawal,
     * responsible gaming, support. Every other signed-in operation refuses one (requireSession).
     */
    restrictedSession?: boolean;
  }
}

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

/**
 * Every sign-in's last step (password, the sign-up confirmation link, social sign-in, sign-up): ends
 * the session this browser held (a key planted before sign-in is worth nothing after it), makes the
 * new one through openSession — which refuses it or restricts it by the player's locks — and sets
 * its cookie.
 */
export async function startPlayerSession(context: ServiceContext, request: FastifyRequest, reply: FastifyReply, partyId: string): Promise<OpenedSession> {
  const { db } = context.database;
  const policy = sessionPolicy(context.config);
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await endSession(db, previous);
  const opened = await openSession(db, partyId, policy, new Date(), requestLanguage(request));
  setSessionCookie(request, reply, opened.token, policy.absoluteTimeoutMs / 1000);
  return opened;
}

/** The refusal a restricted session meets at an operation not open to it (issue 26 defect 4), in the portal's language. */
export function restrictedRefusal(restrictedUntil: Date, language: Language = 'en'): AppError {
  return new AppError('ACCOUNT_RESTRICTED', restrictedText(restrictedUntil, language));
}

/**
 * The one access check at the top of every signed-in operation: a live session, or 401. A
 * restricted session (a time-out) passes only where the route declares `config.restrictedSession`
 * (an allow-list), 403 ACCOUNT_RESTRICTED elsewhere.
 */
export async function requireSession(context: ServiceContext, request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession> {
  const token = request.cookies[SESSION_COOKIE];
  const session = await resolveSession(context.database.db, token, sessionPolicy(context.config));
  if (!session) {
    if (token) clearSessionCookie(reply);
    throw new AppError(token ? 'INVALID_SESSIONKEY' : 'NOT_LOGGED_IN_ERROR');
  }
  noteActingParty(request, `player:${session.partyId}`);
  if (session.restrictedUntil && request.routeOptions.config.restrictedSession !== true)
    throw restrictedRefusal(session.restrictedUntil, requestLanguage(request));
  return session;
}

/**
 * An onRoute hook that opens the named routes (their paths under the plugin's prefix) to restricted
 * sessions, for a module whose routes are declared elsewhere (the cashier's withdrawal operations).
 */
export function openToRestrictedSessions(paths: readonly string[]): (route: RouteOptions & { routePath: string }) => void {
  const open = new Set(paths);
  return (route) => {
    if (!open.has(route.url) && !open.has(route.routePath)) return;
    route.config = { ...(route.config as object | undefined), restrictedSession: true } as RouteOptions['config'];
  };
}
