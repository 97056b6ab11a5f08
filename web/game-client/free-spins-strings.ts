/**
 * The strings of free spins in the game client (issue 14): the spins left, the fixed stake and
 * where the winnings go, in English and Macedonian. Kept apart from strings.ts so each file has one
 * owner; `{name}` marks a value. No DOM here.
 */
import type { GameLanguage } from './strings';

export const fsEn = {
  'fs.title': 'Free spins',
  'fs.left': '{left} of {total} free spins left',
  'fs.stake': 'Stake fixed at {stake} a spin',
  'fs.bonus': 'Winnings are credited as bonus money under the wagering rules of “{plan}”.',
  'fs.next': 'Spin plays free spin {number}: no money is taken.',
  'fs.won': 'Free spin {number}: {amount} credited as bonus money.',
  'fs.lost': 'Free spin {number}: no win.',
  'fs.done': 'Your free spins are used up. Spin now plays for real money.',
  'fs.expires': 'Valid until {time}',
} as const;

export type FsKey = keyof typeof fsEn;

export const fsMk: Record<FsKey, string> = {
  'fs.title': 'Бесплатни вртења',
  'fs.left': 'Преостануваат {left} од {total} бесплатни вртења',
  'fs.stake': 'Влогот е фиксен на {stake} по вртење',
  'fs.bonus': 'Добивките се додаваат како бонус пари, според правилата за вложување на „{plan}“.',
  'fs.next': 'Вртењето е бесплатно вртење {number}: не се земаат пари.',
  'fs.won': 'Бесплатно вртење {number}: {amount} додадени како бонус пари.',
  'fs.lost': 'Бесплатно вртење {number}: нема добивка.',
  'fs.done': 'Бесплатните вртења се искористени. Вртењето сега е со вистински пари.',
  'fs.expires': 'Важи до {time}',
};

export type FsTranslate = (key: FsKey, values?: Record<string, string | number>) => string;

export function fsTranslator(language: GameLanguage): FsTranslate {
  const catalogue = language === 'mk' ? fsMk : fsEn;
  return (key, values = {}) => catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
