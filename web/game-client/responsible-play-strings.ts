/**
 * The strings of responsible play in the game client (issue 12, RG-62, NS-23): the reality check,
 * the limits' live usage and why real-money play stopped, in English and Macedonian. Kept apart
 * from strings.ts so each file has one owner; `{name}` marks a value. No DOM here.
 */
import type { GameLanguage } from './strings';

export const rgEn = {
  'rc.title': 'Reality check',
  'rc.played': 'You have been playing for {minutes} minutes.',
  'rc.net': 'Your net position this session: {amount}',
  'rc.question': 'Would you like to keep playing?',
  'rc.continue': 'Continue',
  'rc.logout': 'Log out',
  'rc.history': 'View history',
  'usage.title': 'Your limits',
  'usage.DEPOSIT_LIMIT': 'Deposits',
  'usage.LOSS_LIMIT': 'Net loss',
  'usage.WAGER_LIMIT': 'Wagered',
  'usage.SESSION_LIMIT': 'Session time',
  'usage.GAME_TIME_LIMIT': 'Game time today',
  'usage.of': '{used} of {limit}',
  'period.daily': 'day',
  'period.weekly': 'week',
  'period.monthly': 'month',
  'period.yearly': 'year',
  'usage.minutes': '{minutes} min',
  'usage.resets': 'resets {time}',
  'blocked.stopped': 'Real-money play has stopped in this game.',
  'blocked.until': 'Until {time}.',
} as const;

export type RgKey = keyof typeof rgEn;

export const rgMk: Record<RgKey, string> = {
  'rc.title': 'Проверка на реалноста',
  'rc.played': 'Играте веќе {minutes} минути.',
  'rc.net': 'Вашата нето-состојба во оваа сесија: {amount}',
  'rc.question': 'Дали сакате да продолжите да играте?',
  'rc.continue': 'Продолжи',
  'rc.logout': 'Одјави се',
  'rc.history': 'Види историја',
  'usage.title': 'Вашите граници',
  'usage.DEPOSIT_LIMIT': 'Уплати',
  'usage.LOSS_LIMIT': 'Нето-загуба',
  'usage.WAGER_LIMIT': 'Вложено',
  'usage.SESSION_LIMIT': 'Време на сесија',
  'usage.GAME_TIME_LIMIT': 'Време за игра денес',
  'usage.of': '{used} од {limit}',
  'period.daily': 'ден',
  'period.weekly': 'недела',
  'period.monthly': 'месец',
  'period.yearly': 'година',
  'usage.minutes': '{minutes} мин.',
  'usage.resets': 'се обновува {time}',
  'blocked.stopped': 'Играњето со вистински пари во оваа игра е запрено.',
  'blocked.until': 'До {time}.',
};

/** The refusals that stop real-money play in this game (the client stops offering it and says why). */
export const STOPPING_STATUSES = ['SESSION_LIMIT_REACHED', 'GAME_TIME_LIMIT_REACHED', 'LOSS_LIMIT_REACHED', 'WAGER_LIMIT_REACHED', 'PLAYER_LOCKED'] as const;
export type RgTranslate = (key: RgKey, values?: Record<string, string | number>) => string;

export function rgTranslator(language: GameLanguage): RgTranslate {
  const catalogue = language === 'mk' ? rgMk : rgEn;
  return (key, values = {}) => catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
