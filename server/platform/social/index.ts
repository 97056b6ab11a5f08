// The social sign-in module's public face.
export { SOCIAL_CALLBACK_PATH, SOCIAL_STATE_COOKIE, socialLoginRoutes } from './social-login.handler';
