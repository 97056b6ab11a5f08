// The responsible-gaming parts of every page (the main layout, the footer, the home page): the
// portal's reality check and lock notice, the after-sign-up prompt, the safer-gambling links and
// strip. Kept apart from ./index so they do not pull the limits page into the main chunk.
export { ResponsibleGamingHost } from './components/responsible-gaming-host';
export { offerLimitsAfterSignup } from './limits-prompt';
export { limitsHref, SaferGamblingLinks, SaferGamblingStrip } from './components/safer-gambling';
