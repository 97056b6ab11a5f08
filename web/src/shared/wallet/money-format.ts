/** Money as the wallet shows it: the contracts' one formatter in the portal's language. */
export { currencySymbol, formatMinorMoney, formatMoney } from '../i18n/format';
