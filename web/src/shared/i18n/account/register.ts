import { i18n } from '../i18n';
import { accountEn } from './en';
import { accountMk } from './mk';

let registered = false;

/**
 * Adds the account area's and the messages' strings in both languages when either first loads.
 * Keys the content service has already set keep the content's words.
 */
export function registerAccountStrings(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', accountEn, true, false);
  i18n.addResourceBundle('mk', 'translation', accountMk, true, false);
}
