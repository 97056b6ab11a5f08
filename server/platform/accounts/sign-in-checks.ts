import { signInChecks } from '../throttle';

/**
 * The sign-in throttle's checks for a player (rules in `throttleRules`): an account is counted by
 * its id, whether the name typed was its username or e-mail, so the two are one allowance; an
 * unknown name is counted by the name.
 */
export function playerSignInChecks(found: { id: string } | undefined, typedName: string, address: string) {
  return signInChecks('login', found ? found.id : `name:${typedName.trim().toLowerCase()}`, address);
}
