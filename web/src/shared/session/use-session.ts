import type { Role } from '../../../../contracts/platform/check-session-alive';
import { useCheckSessionAlive } from './api/check-session-alive';

export interface Session {
  /** False until the first session check has answered (NAV-37). */
  checked: boolean;
  /** A live session that is not a quick registration (spec 000 §6). */
  authenticated: boolean;
  authorities: readonly Role[];
}

const noAuthorities: readonly Role[] = [];

export function useSession(): Session {
  const { data, isPending } = useCheckSessionAlive();
  const authenticated = data?.alive === true && data.registrationStatus !== 'QUICK_REG';
  return { checked: !isPending, authenticated, authorities: authenticated ? (data?.authorities ?? noAuthorities) : noAuthorities };
}
