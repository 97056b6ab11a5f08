/**
 * What the slot shows of a round, apart from drawing it: which wins are celebrated (none at or
 * below the stake under GB rules), how big the celebration is, the lines to trace and when the
 * last reel holds back for a possible feature. Pure functions, tested beside.
 */
import type { SlotSpinView } from '../../../../contracts/games/outcomes';
import type { JurisdictionRulesAnswer } from '../../../../contracts/games/answers';
import type { WinLine } from './reel-stage';
import type { SlotTheme } from './themes';

/**
 * Whether a round's win is celebrated (lines, banner, sound). Under GB rules a win that does not beat
 * the stake is no cause for celebration: plain text only. Amounts in minor units.
 */
export const celebrates = (rules: Pick<JurisdictionRulesAnswer, 'jurisdiction'>, winMinor: number, stakeMinor: number): boolean =>
  winMinor > 0 && (rules.jurisdiction !== 'GB' || winMinor > stakeMinor);

/** 0 lines only, 1 win, 2 big win (5× the stake), 3 mega win (20×); minor units. */
export function tierOf(winMinor: number, stakeMinor: number): number {
  if (winMinor <= stakeMinor || stakeMinor <= 0) return 0;
  if (winMinor < stakeMinor * 5) return 1;
  if (winMinor < stakeMinor * 20) return 2;
  return 3;
}

/** The wins of one spin as lines to trace: paylines along their path, ways and scatters through their cells. */
export function winLines(spin: SlotSpinView, paylines: number[][] | null, wild: (id: string) => boolean, amount: (minor: number) => string): WinLine[] {
  const lines: WinLine[] = spin.lineWins.map((lineWin) => {
    const path = paylines && lineWin.line >= 0 ? (paylines[lineWin.line] ?? null) : null;
    const cells: [number, number][] = [];
    for (let reel = 0; reel < lineWin.count; reel++) {
      if (path) cells.push([reel, path[reel] ?? 0]);
      else
        spin.window[reel]?.forEach((id, row) => {
          if (id === lineWin.symbol || wild(id)) cells.push([reel, row]);
        });
    }
    return { cells, path, amount: amount(lineWin.amount) };
  });
  if (spin.scatter && spin.scatter.amount > 0) {
    const cells: [number, number][] = [];
    spin.window.forEach((column, reel) =>
      column.forEach((id, row) => {
        if (id === spin.scatter!.symbol) cells.push([reel, row]);
      }),
    );
    lines.push({ cells, path: null, amount: amount(spin.scatter.amount) });
  }
  return lines;
}

/**
 * The first reel to hold back: the last reel, when the reels before it show one scatter fewer than
 * the feature needs (a possible feature); null otherwise.
 */
export function anticipationFrom(window: string[][], theme: SlotTheme): number | null {
  if (!theme.scatter || !theme.scattersForFeature || window.length < 3) return null;
  const before = window
    .slice(0, -1)
    .flat()
    .filter((id) => id === theme.scatter).length;
  return before === theme.scattersForFeature - 1 ? window.length - 1 : null;
}
