// The social sign-in module's public face.
export { SOCIAL_CALLBACK_PATH, SOCIAL_STATE_COOKIE } from './social-login.handler';
// The account-holder register's removal of the player's social links (issue 29 item 9).
export { forgetSocialAccounts } from './forget';
