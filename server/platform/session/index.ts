// The sessions module's public face: starting, resolving and ending a player's session, and the
// one access check at the top of every signed-in operation.
export { checkSessionAliveRoutes } from './check-session-alive.handler';
export { clearSessionCookie, requireSession, setSessionCookie } from './session-cookie';
export { peekLiveSession, type LiveSession } from './live-session';
export {
  SESSION_COOKIE,
  createSession,
  endAllSessions,
  endOtherSessions,
  endSession,
  hashSessionToken,
  resolveSession,
  sessionPolicy,
  switchSessionCurrency,
  type ActiveSession,
  type SessionPolicy,
} from './session-store';
