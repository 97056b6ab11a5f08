import type { Role } from '../../../../contracts/platform/check-session-alive';

/**
 * DEF-01: a route that names authorities opens for a user holding any one of them; a route that names
 * none opens for every signed-in user. The roles come only from the server's session check.
 */
export function hasAnyAuthority(held: readonly Role[], required: readonly Role[]): boolean {
  return required.length === 0 || required.some((role) => held.includes(role));
}
