// The responsible-gaming parts of every page (the footer, the home page, the sign-up): the
// after-sign-up prompt, the safer-gambling links and strip. Kept apart from ./index so they do not
// pull the limits page into the main chunk; the main layout loads the reality check and lock
// notice (components/responsible-gaming-host) lazily.
export { offerLimitsAfterSignup } from './limits-prompt';
export { lockNoticeStored } from './lock-notice-stored';
export { limitsHref, SaferGamblingLinks, SaferGamblingStrip } from './components/safer-gambling';
