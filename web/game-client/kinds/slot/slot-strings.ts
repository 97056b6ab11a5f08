/**
 * The strings the slot's reels draw or its sound button says (free-spin intro, win banners, the
 * wild banner), in English and Macedonian. Kept apart from strings.ts so the slot's presentation has
 * one owner; `{name}` marks a value. No DOM here.
 */
import type { GameLanguage } from '../../strings';

export const slotEn = {
  'sl.freeSpins': '{count} free spins',
  'sl.freeSpinsWon': 'Feature won',
  'sl.freeSpin': 'Free spin {number} of {total}',
  'sl.win': 'Win',
  'sl.bigWin': 'Big win',
  'sl.megaWin': 'Mega win',
  'sl.wild': 'Wild',
  'sl.sound': 'Sound',
  'sl.soundOn': 'Sound is on',
  'sl.soundOff': 'Sound is off',
} as const;

export type SlotKey = keyof typeof slotEn;

export const slotMk: Record<SlotKey, string> = {
  'sl.freeSpins': '{count} бесплатни вртења',
  'sl.freeSpinsWon': 'Освоена игра',
  'sl.freeSpin': 'Бесплатно вртење {number} од {total}',
  'sl.win': 'Добивка',
  'sl.bigWin': 'Голема добивка',
  'sl.megaWin': 'Мега добивка',
  'sl.wild': 'Џокер',
  'sl.sound': 'Звук',
  'sl.soundOn': 'Звукот е вклучен',
  'sl.soundOff': 'Звукот е исклучен',
};

export type SlotTranslate = (key: SlotKey, values?: Record<string, string | number>) => string;

export function slotTranslator(language: GameLanguage): SlotTranslate {
  const catalogue = language === 'mk' ? slotMk : slotEn;
  return (key, values = {}) => catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
