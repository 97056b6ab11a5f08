import { i18n } from '../i18n';
import { supportEn } from './en';
import { supportMk } from './mk';

let registered = false;

/** Adds the support chat's strings in both languages when it first loads; keys the content service has set keep its words. */
export function registerSupportStrings(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', supportEn, true, false);
  i18n.addResourceBundle('mk', 'translation', supportMk, true, false);
}
