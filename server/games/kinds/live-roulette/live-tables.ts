import { fromMinorUnits } from '../../../../contracts/money';
import type { Config } from '../../../config/env';
import type { BetLimits } from '../../engines/money';
import type { RouletteRules } from '../../engines/roulette/roulette';
import { europeanRoulette } from '../../titles/table-and-mini-games';
import type { RouletteTitle } from '../../titles/types';

/**
 * The live tables this server runs, from the configuration: the catalogue gameId that opens them
 * (the spec's live lobby, 101 by default; the portal's `live_lobby` configuration names it and the
 * platform EMERALD_LIVE, ours) and each table's betting window. The layout, the payouts and the
 * table limits are European roulette's (`engines/roulette`), so a live bet is checked and paid
 * exactly as a spin of NT-4001 is.
 */
export interface LiveTable {
  id: string;
  gameId: string;
  name: string;
  rules: RouletteRules;
  limits: BetLimits;
  bettingMs: number;
  resultMs: number;
}

export interface LiveLobby {
  gameId: string;
  tables: readonly LiveTable[];
}

export const topicOf = (table: { id: string }) => `live-roulette:${table.id}`;

export function liveLobbyFrom(config: Pick<Config, 'LIVE_LOBBY_GAME_ID' | 'LIVE_ROULETTE_BETTING_SECONDS' | 'LIVE_ROULETTE_RESULT_SECONDS'>): LiveLobby {
  const table: LiveTable = {
    id: 'roulette-1',
    gameId: config.LIVE_LOBBY_GAME_ID,
    name: 'Live Roulette',
    rules: europeanRoulette.rules,
    limits: europeanRoulette.limits,
    bettingMs: config.LIVE_ROULETTE_BETTING_SECONDS * 1000,
    resultMs: config.LIVE_ROULETTE_RESULT_SECONDS * 1000,
  };
  return { gameId: config.LIVE_LOBBY_GAME_ID, tables: [table] };
}

/** The table as the roulette kind's bet checks take it (a title of kind roulette). */
export const asRouletteTitle = (table: LiveTable): RouletteTitle => ({
  kind: 'roulette',
  gameId: table.gameId,
  name: table.name,
  rules: table.rules,
  limits: table.limits,
});

/** The live lobby as a game session's title: chips and table limits of the session's currency. */
export function liveTitleConfig(
  lobby: LiveLobby,
  currency: keyof BetLimits,
): { gameId: string; name: string; kind: string; currency: keyof BetLimits; limits: { min: number; max: number; steps: number[] } } {
  const table = lobby.tables[0]!;
  const limits = table.limits[currency];
  const major = (minor: number) => fromMinorUnits(BigInt(minor));
  return {
    gameId: lobby.gameId,
    name: table.name,
    kind: 'live-roulette',
    currency,
    limits: { min: major(table.rules.minBet), max: major(Math.min(table.rules.maxTotal, limits.max)), steps: limits.steps.map(major) },
  };
}
