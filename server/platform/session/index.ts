// The sessions module's public face: starting, resolving and ending a player's session, and the
// one access check at the top of every signed-in operation.
export { clearSessionCookie, openToRestrictedSessions, requireSession, restrictedRefusal, setSessionCookie, startPlayerSession } from './session-cookie';
export { peekLiveSession, type LiveSession } from './live-session';
export {
  SESSION_COOKIE,
  createSession,
  openSession,
  endAllSessions,
  endOtherSessions,
  endSession,
  hashSessionToken,
  portalSessionNotEndedSql,
  resolveSession,
  sessionPolicy,
  switchSessionCurrency,
  type ActiveSession,
  type OpenedSession,
  type SessionPolicy,
} from './session-store';
