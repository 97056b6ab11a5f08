import type { ServiceContext } from '../service-context';
import { activeGbPlayers } from './accounts';
import { recheckRegister, type RecheckSummary } from './exclusion-register';
import { endAllSessions } from './session';

// Composed here, above the modules it joins (the accounts' players, the exclusion register, the
// sessions), as after-lock.ts is: none of them imports another for it.

/**
 * The day's GAMSTOP re-check (UTC day of `now`): a player found on the register has every session
 * ended, as at a refused login. Callable without HTTP (the job below, tests, an operator's script).
 */
export async function runRegisterRecheck(
  context: Pick<ServiceContext, 'database' | 'exclusionRegister' | 'logger'>,
  now = new Date(),
): Promise<RecheckSummary> {
  const { db } = context.database;
  const people = await activeGbPlayers(db);
  return recheckRegister({ db, provider: context.exclusionRegister, logger: context.logger }, people, {
    day: now.toISOString().slice(0, 10),
    onRegistered: (playerId) => endAllSessions(db, playerId),
  });
}
