import { i18n } from '../i18n';
import { chronosEn } from './en';
import { chronosMk } from './mk';

let registered = false;

/** Adds the Chronos page's strings in both languages when it first loads; keys the content service has set keep its words. */
export function registerChronosStrings(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', chronosEn, true, false);
  i18n.addResourceBundle('mk', 'translation', chronosMk, true, false);
}
