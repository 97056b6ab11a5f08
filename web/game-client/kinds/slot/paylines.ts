/**
 * The paylines of the studio's line slots (row per reel, 0 = top), from the definition the game
 * server pays by (contracts/games/paylines.ts): the classic 5×3 patterns in their usual order,
 * smooth lines for taller windows, the fruit machine's five lines and the one line of a 3×1 reel
 * set. The client traces a win on the line the round answer names by its index.
 */
import type { TitleConfigAnswer } from '../../../../contracts/games/answers';
import { LINES_3X3_FIVE, LINES_5X3, smoothLines } from '../../../../contracts/games/paylines';

/** The title's paylines, or null for a ways game (its wins are traced through the matching cells). */
export function paylinesOf(title: Pick<TitleConfigAnswer, 'reels' | 'rows' | 'lines' | 'ways'>): number[][] | null {
  const reels = title.reels ?? 5;
  const rows = title.rows ?? 3;
  const lines = title.lines;
  if (title.ways || !lines) return null;
  if (rows === 1) return [Array.from({ length: reels }, () => 0)];
  if (reels === 3 && rows === 3) return LINES_3X3_FIVE.slice(0, lines).map((line) => [...line]);
  if (reels === 5 && rows === 3) return LINES_5X3.slice(0, lines).map((line) => [...line]);
  return smoothLines(reels, rows, lines);
}
