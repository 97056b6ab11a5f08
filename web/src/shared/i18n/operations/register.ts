import { i18n } from '../i18n';
import { operationsEn } from './en';
import { operationsMk } from './mk';

/**
 * Adds the operations area's strings in both languages when /admin first loads. Keys the content
 * service has already set keep the content's words.
 */
export function registerOperationsStrings(): void {
  i18n.addResourceBundle('en', 'translation', operationsEn, true, false);
  i18n.addResourceBundle('mk', 'translation', operationsMk, true, false);
}
