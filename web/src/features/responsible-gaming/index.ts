// The responsible-gaming area's public face for other screens (the account page's Responsible
// Gaming tab, the wallet's Limits tab, the limits modal: RG-01; the wallet's deposit-limit screen).
// The light parts every page carries (footer links, home strip, reality check, lock notice) are
// in ./shell, so that the main layout does not download the limits page with them.
export { DepositLimitEditor, ResponsibleGamingLimits, type LimitsVariant } from './components/responsible-gaming-limits';
export { DepositLimitPrompt } from './components/deposit-limit-prompt';
