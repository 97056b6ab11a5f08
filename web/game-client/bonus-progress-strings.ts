/**
 * The strings of the active bonus's wagering progress in the game client (issue 14), in English
 * and Macedonian. Kept apart from strings.ts so each file has one owner; `{name}` marks a value.
 */
import type { GameLanguage } from './strings';

export const bonusEn = {
  'bonus.title': 'Bonus wagering',
  'bonus.wagered': '{wagered} of {required} wagered',
  'bonus.releases': '{amount} becomes cash after {remaining} more wagering.',
  'bonus.maxStake': 'Largest stake while the bonus is active: {amount}.',
} as const;

export type BonusKey = keyof typeof bonusEn;

export const bonusMk: Record<BonusKey, string> = {
  'bonus.title': 'Обрт на бонусот',
  'bonus.wagered': '{wagered} од {required} вложени',
  'bonus.releases': '{amount} станува готовина по уште {remaining} обрт.',
  'bonus.maxStake': 'Најголем влог додека бонусот е активен: {amount}.',
};

export type BonusTranslate = (key: BonusKey, values?: Record<string, string | number>) => string;

export function bonusTranslator(language: GameLanguage): BonusTranslate {
  const catalogue = language === 'mk' ? bonusMk : bonusEn;
  return (key, values = {}) => catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
