import type { Role } from '../../../../contracts/platform/check-session-alive';
import type { InducementKind } from '../../../../contracts/platform/inducements/inducements';
import { useCheckSessionAlive } from './api/check-session-alive';

export interface Session {
  /** False until the first session check has answered (NAV-37). */
  checked: boolean;
  /** A live session that is not a quick registration (spec 000 §6). */
  authenticated: boolean;
  /** A live session of a player who has done step 1 of sign-up only (SESS-12, SESS-34). */
  quickRegistration: boolean;
  authorities: readonly Role[];
  /**
   * A restricted session (a time-out, issue 26 defect 4): when the time-out ends (ISO). The player
   * may only see the balance, withdraw, use responsible gaming tools and contact support.
   */
  restrictedUntil: string | null;
  /**
   * The inducements the player's jurisdiction closes (issue 29 item 7: IE by default): the portal
   * shows no page, link, card or offer that promises one of them. Empty for visitors.
   */
  inducementsOff: readonly InducementKind[];
}

const noAuthorities: readonly Role[] = [];
const noInducementsOff: readonly InducementKind[] = [];

export function useSession(): Session {
  const { data, isPending } = useCheckSessionAlive();
  const alive = data?.alive === true;
  const authenticated = alive && data.registrationStatus !== 'QUICK_REG';
  return {
    checked: !isPending,
    authenticated,
    quickRegistration: alive && data.registrationStatus === 'QUICK_REG',
    authorities: authenticated ? (data.authorities ?? noAuthorities) : noAuthorities,
    restrictedUntil: alive ? (data.restrictedUntil ?? null) : null,
    inducementsOff: alive ? (data.inducementsOff ?? noInducementsOff) : noInducementsOff,
  };
}
