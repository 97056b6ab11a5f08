import 'i18next';
import type { en } from './en';
import type { gamePageEn } from './game-page/en';
import type { walletEn } from './wallet/en';
import type { operationsEn } from './operations/en';
import type { accountEn } from './account/en';
import type { documentsEn } from './documents/en';
import type { backOfficeEn } from './back-office/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en & typeof walletEn & typeof gamePageEn & typeof accountEn & typeof documentsEn & typeof operationsEn & typeof backOfficeEn;
    };
    keySeparator: false;
    nsSeparator: false;
  }
}
