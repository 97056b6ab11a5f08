import { i18n } from '../i18n';
import { backOfficeEn } from './en';
import { backOfficeMk } from './mk';

/** Adds the back office's strings in both languages when /entity first loads. */
export function registerBackOfficeStrings(): void {
  i18n.addResourceBundle('en', 'translation', backOfficeEn, true, false);
  i18n.addResourceBundle('mk', 'translation', backOfficeMk, true, false);
}
