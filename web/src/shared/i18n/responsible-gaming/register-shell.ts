import { i18n } from '../i18n';
import { responsibleGamingShellEn } from './shell.en';
import { responsibleGamingShellMk } from './shell.mk';

/**
 * The few strings every page carries (footer links, home strip, reality check, lock notice). A module
 * of its own so that the shell, loaded with every page, does not carry the limits page's dictionaries.
 */
export function registerResponsibleGamingShellStrings(): void {
  i18n.addResourceBundle('en', 'translation', responsibleGamingShellEn, true, false);
  i18n.addResourceBundle('mk', 'translation', responsibleGamingShellMk, true, false);
}
