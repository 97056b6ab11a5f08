import { i18n } from '../i18n';
import { documentsEn } from './en';
import { documentsMk } from './mk';

let registered = false;

/**
 * Adds the documents area's and the identification page's strings in both languages when either
 * first loads. Keys the content service has already set keep the content's words.
 */
export function registerDocumentsStrings(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', documentsEn, true, false);
  i18n.addResourceBundle('mk', 'translation', documentsMk, true, false);
}
