import { i18n } from '../i18n';
import { loyaltyEn } from './en';
import { loyaltyMk } from './mk';

let registered = false;

/** Adds the Loyalty Shop tab's strings in both languages when it first loads; keys the content service has set keep its words. */
export function registerLoyaltyStrings(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', loyaltyEn, true, false);
  i18n.addResourceBundle('mk', 'translation', loyaltyMk, true, false);
}
