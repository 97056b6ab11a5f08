import { isCardMethod, isCashierWidgetMethod, isEmailWalletMethod } from '../../../../../../contracts/platform/cashier/payment-methods';

/** WDR-09: card methods and the cashier widget continue to step 2 (and e-wallets, for their e-mail); others submit at step 1. */
export const needsDetailsStep = (code: string) => isCardMethod(code) || isEmailWalletMethod(code) || isCashierWidgetMethod(code);
