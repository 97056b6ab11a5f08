import type { BonusProgressAnswer } from '../../../contracts/platform/bonuses/bonuses';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { activeBonusProgress } from '../../platform/bonuses';
import type { ActiveGameSession } from './game-session';

/**
 * The active bonus's wagering progress inside the game client (issue 14): wagered against required
 * and what it releases, from the bonuses module's index. Only real-money play wagers a bonus, so a
 * free-play or visitor session has none to show (404), as for the play status.
 */
export async function bonusProgressInGame(db: Db, session: ActiveGameSession): Promise<BonusProgressAnswer> {
  if (session.mode !== 'REAL' || !session.owner.playerId) throw new AppError('NOT_FOUND', 'Bonus progress is kept for real-money play only');
  return { status: 'SUCCESS', progress: await activeBonusProgress(db, session.owner.playerId, session.currency) };
}
