import 'i18next';
import type { en } from './en';
import type { walletEn } from './wallet/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof walletEn };
    keySeparator: false;
    nsSeparator: false;
  }
}
