import 'i18next';
import type { en } from './en';
import type { gamePageEn } from './game-page/en';
import type { walletEn } from './wallet/en';
import type { operationsEn } from './operations/en';
import type { accountEn } from './account/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof walletEn & typeof gamePageEn & typeof accountEn & typeof operationsEn };
    keySeparator: false;
    nsSeparator: false;
  }
}
