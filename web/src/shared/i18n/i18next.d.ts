import 'i18next';
import type { en } from './en';
import type { gamePageEn } from './game-page/en';
import type { walletEn } from './wallet/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof walletEn & typeof gamePageEn };
    keySeparator: false;
    nsSeparator: false;
  }
}
