import { i18n } from '../i18n';
import { walletEn } from './en';
import { walletMk } from './mk';

/**
 * Adds the wallet's strings in both languages when the wallet first loads. Keys the content
 * service has already set keep the content's words.
 */
export function registerWalletStrings(): void {
  i18n.addResourceBundle('en', 'translation', walletEn, true, false);
  i18n.addResourceBundle('mk', 'translation', walletMk, true, false);
}
