import type { Role } from '../../../../contracts/platform/check-session-alive';
import { useCheckSessionAlive } from './api/check-session-alive';

export interface Session {
  /** False until the first session check has answered (NAV-37). */
  checked: boolean;
  /** A live session that is not a quick registration (spec 000 §6). */
  authenticated: boolean;
  /** A live session of a player who has done step 1 of sign-up only (SESS-12, SESS-34). */
  quickRegistration: boolean;
  authorities: readonly Role[];
}

const noAuthorities: readonly Role[] = [];

export function useSession(): Session {
  const { data, isPending } = useCheckSessionAlive();
  const alive = data?.alive === true;
  const authenticated = alive && data.registrationStatus !== 'QUICK_REG';
  return {
    checked: !isPending,
    authenticated,
    quickRegistration: alive && data.registrationStatus === 'QUICK_REG',
    authorities: authenticated ? (data.authorities ?? noAuthorities) : noAuthorities,
  };
}
