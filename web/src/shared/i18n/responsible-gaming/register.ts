import { i18n } from '../i18n';
import { responsibleGamingEn } from './en';
import { responsibleGamingMk } from './mk';

/**
 * Adds the limits page's strings in both languages when the page first loads. Keys the content
 * service has already set (depositLossWagerInfo, gameTimeLimitInfo: RG-06) keep the content's words.
 */
export function registerResponsibleGamingStrings(): void {
  i18n.addResourceBundle('en', 'translation', responsibleGamingEn, true, false);
  i18n.addResourceBundle('mk', 'translation', responsibleGamingMk, true, false);
}
