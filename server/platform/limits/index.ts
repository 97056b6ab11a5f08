// The responsible-gaming module's public face (RG-*): limits, time limits, the reality check and
// locks. Its money rules run as policies at the wallet's policy point; other modules call these.
import type { PlayStatus } from '../../../contracts/platform/limits/limits';
import type { Db } from '../../db/database';

/** The player's play status: the reality check, time played, net position, every limit with its usage, and why play is refused if it is. */
export async function getPlayStatus(_db: Db, _playerId: string, _now = new Date()): Promise<PlayStatus> {
  throw new Error('responsible gaming: play status is being built');
}

/** The player's answer to a due reality check: CONTINUE restarts the interval; LOGOUT ends every session of the player. */
export async function answerRealityCheck(_db: Db, _playerId: string, _action: 'CONTINUE' | 'LOGOUT', _now = new Date()): Promise<{ nextDueAt: Date | null }> {
  throw new Error('responsible gaming: reality check is being built');
}
