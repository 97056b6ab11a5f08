import { i18n } from '../i18n';
import { gamePageEn } from './en';
import { gamePageMk } from './mk';

/** Adds the game page's strings in both languages when the page first loads; the content's words win. */
export function registerGamePageStrings(): void {
  i18n.addResourceBundle('en', 'translation', gamePageEn, true, false);
  i18n.addResourceBundle('mk', 'translation', gamePageMk, true, false);
}
