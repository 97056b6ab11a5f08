import type { RegisterRemoval, RegisterRemovalsQuery } from '../../contracts/back-office/register-removals';
import type { Db } from '../db/database';
import { afterStaffRemoval, registerRemovals, removalOf, removeOnRequestInTx, type RemovalOutcome } from '../platform/account-register';
import type { ServiceContext } from '../service-context';
import { staffAction, type StaffActor } from './access';
import { playerOr404 } from './players.service';

/** The register's removals staff see (issue 29 item 9); a player filter names a player that exists, or 404. */
export async function registerRemovalList(db: Db, query: RegisterRemovalsQuery) {
  if (query.playerId) await playerOr404(db, query.playerId);
  return registerRemovals(db, query);
}

/**
 * Staff removing a player who asked them: the removal and its audit row (`player.register_removal`,
 * with how the player asked) in one transaction; refused, neither is kept. Document files go after
 * the commit.
 */
export async function removePlayerOnRequest(
  context: Pick<ServiceContext, 'database' | 'mailer' | 'config' | 'logger'>,
  actor: StaffActor,
  playerId: string,
  note: string,
): Promise<RegisterRemoval> {
  const { db } = context.database;
  await playerOr404(db, playerId);
  const outcome: RemovalOutcome = await staffAction(db, actor, 'player.register_removal', async (tx) => {
    const done = await removeOnRequestInTx(tx, playerId, `staff:${actor.username}`, new Date());
    return { result: done, detail: { removalId: done.removal?.id ?? null, note: note.trim() } };
  });
  await afterStaffRemoval(context, outcome);
  return removalOf(db, outcome.removal!.id);
}
