import { i18n } from '../i18n';
import { referralsEn } from './en';
import { referralsMk } from './mk';

let registered = false;

/** Adds the Refer a Friend tab's strings in both languages when it first loads; keys the content service has set keep its words. */
export function registerReferralsStrings(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', referralsEn, true, false);
  i18n.addResourceBundle('mk', 'translation', referralsMk, true, false);
}
