/**
 * The strings the table games' stages add (Plinko's multipliers, a round's receipt), in English and Macedonian. Kept
 * apart from strings.ts so the tables' presentation has one owner; `{name}` marks a value. No DOM here.
 */
import type { GameLanguage } from '../../strings';

export const tableEn = {
  'tb.plinkoBoard': 'Plinko board; the slots pay, from left to right: {multipliers}',
  'tb.receipt': 'Last round: you bet {stake}, back {returned}',
} as const;

export type TableKey = keyof typeof tableEn;

export const tableMk: Record<TableKey, string> = {
  'tb.plinkoBoard': 'Табла за плинко; полињата плаќаат, од лево надесно: {multipliers}',
  'tb.receipt': 'Последна рунда: вложивте {stake}, вратено {returned}',
};

export type TableTranslate = (key: TableKey, values?: Record<string, string | number>) => string;

export function tableTranslator(language: GameLanguage): TableTranslate {
  const catalogue = language === 'mk' ? tableMk : tableEn;
  return (key, values = {}) => catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
