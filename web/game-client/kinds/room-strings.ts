/**
 * The strings the shared rooms add (the live roulette table's history board and refusals, the bingo
 * room's called ball, tickets and win banner), in English and Macedonian. Kept apart from strings.ts
 * so the rooms' presentation has one owner; `{name}` marks a value. No DOM here.
 */
import type { GameLanguage } from '../strings';

export const roomEn = {
  'rm.liveKind': 'Live roulette · one shared table',
  'rm.liveShared': 'Every player at this table bets on the same round and sees the same spin.',
  'rm.history': 'Last numbers',
  'rm.historyEmpty': 'No numbers yet',
  'rm.receiptsKept': 'Your receipts stay here until your next bet.',
  'rm.fairness': 'Fairness of this round',
  'rm.calledBall': 'Ball just called',
  'rm.ballOf': 'Ball {count} of {balls}',
  'rm.lastCalls': 'The calls before it',
  'rm.noCalls': 'The first ball is called when the game starts.',
  'rm.ticket': 'Ticket {number}',
  'rm.toLine': '{count} to go for {prize}',
  'rm.oneToGo': 'One to go for {prize}!',
  'rm.youWon': 'You won {prize}: {amount}!',
  'rm.youWonTotal': 'You have won {amount} in this game',
  'rm.noTickets': 'You have no tickets in this game.',
} as const;

export type RoomKey = keyof typeof roomEn;

export const roomMk: Record<RoomKey, string> = {
  'rm.liveKind': 'Рулет во живо · една заедничка маса',
  'rm.liveShared': 'Секој играч на оваа маса се обложува на истата рунда и го гледа истото вртење.',
  'rm.history': 'Последни броеви',
  'rm.historyEmpty': 'Сè уште нема броеви',
  'rm.receiptsKept': 'Вашите потврди остануваат тука до вашиот следен облог.',
  'rm.fairness': 'Чесност на оваа рунда',
  'rm.calledBall': 'Штотуку извлечено топче',
  'rm.ballOf': 'Топче {count} од {balls}',
  'rm.lastCalls': 'Претходните извлекувања',
  'rm.noCalls': 'Првото топче се извлекува кога ќе почне играта.',
  'rm.ticket': 'Ливче {number}',
  'rm.toLine': 'уште {count} за: {prize}',
  'rm.oneToGo': 'Уште едно за: {prize}!',
  'rm.youWon': 'Освоивте {prize}: {amount}!',
  'rm.youWonTotal': 'Во оваа игра освоивте {amount}',
  'rm.noTickets': 'Немате ливчиња во оваа игра.',
};

export type RoomTranslate = (key: RoomKey, values?: Record<string, string | number>) => string;

export function roomTranslator(language: GameLanguage): RoomTranslate {
  const catalogue = language === 'mk' ? roomMk : roomEn;
  return (key, values = {}) => catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The rooms' language from the context's locale (the launch's `lang`). */
export const roomLanguage = (locale: string): GameLanguage => (locale.startsWith('mk') ? 'mk' : 'en');
