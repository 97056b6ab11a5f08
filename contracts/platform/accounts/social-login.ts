import { z } from 'zod/mini';

/**
 * Social login and account binding (SESS-31…33, DEF-06, DEF-08, DEF-20, NS-15) through an OpenID
 * Connect provider. The portal never handles a provider token: it sends the player to
 * `GET {ps}/socialLogin?socialType=…`, the provider sends them back to the platform's callback,
 * and the platform answers with a redirect to a portal page carrying only an outcome code.
 */

/** The social logins the server knows; the ones configured are listed in the content configuration. */
export const socialTypes = ['OIDC'] as const;
export type SocialType = (typeof socialTypes)[number];

/** One entry of the content configuration's `acf.social_providers`: what the login button shows. */
export const socialProviderSchema = z.object({
  socialType: z.string(),
  /** The label on the button, e.g. "Google" (OIDC_PROVIDER_NAME). */
  name: z.string(),
});
export type SocialProvider = z.infer<typeof socialProviderSchema>;

const socialTypeField = z
  .string({ message: 'Please choose how to sign in' })
  .check(z.trim(), z.minLength(1, { message: 'Please choose how to sign in' }), z.maxLength(40, { message: 'Unknown social login' }));

/** GET /ps/socialLogin?socialType=OIDC — answers 302 to the provider's sign-in page. */
export const socialLoginQuerySchema = z.object({ socialType: socialTypeField });
export type SocialLoginQuery = z.infer<typeof socialLoginQuerySchema>;

/**
 * GET /ps/socialLogin/callback — where the provider returns the player: `code` and `state`, or
 * `error` when the player declined. Other parameters (such as `iss`) are read too.
 */
export const socialLoginCallbackQuerySchema = z.looseObject({
  code: z.optional(z.string()),
  state: z.optional(z.string()),
  error: z.optional(z.string()),
  error_description: z.optional(z.string()),
});

/** POST /ps/bindSocialAccount {socialType} — signed in; starts linking a provider account. */
export const bindSocialAccountRequestSchema = z.object({ socialType: socialTypeField });
export type BindSocialAccountRequest = z.infer<typeof bindSocialAccountRequestSchema>;

export const bindSocialAccountResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** The provider's authorization address to send the browser to (a top-level navigation). */
  redirectUrl: z.string(),
});
export type BindSocialAccountResponse = z.infer<typeof bindSocialAccountResponseSchema>;

/**
 * Where the callback sends the browser. Sign-in: `/` when the provider account is linked,
 * otherwise `/login?socialLogin=<outcome>`. Binding: `/account?socialBind=<outcome>`. The portal
 * shows the outcome as a toast (NS-15).
 */
export const socialLoginOutcomes = {
  /** The provider account is not linked to any Emerald account; sign in and link it first. */
  notLinked: 'not-linked',
  /** The provider refused or was cancelled, or the sign-in was unknown, used, expired or forged. */
  failed: 'failed',
  /** The account is closed at the player's request (a self-exclusion): no session (issue 26 defect 3). */
  locked: 'locked',
} as const;
export type SocialLoginOutcome = (typeof socialLoginOutcomes)[keyof typeof socialLoginOutcomes];

export const socialBindOutcomes = {
  linked: 'linked',
  /** That provider account is already linked to another Emerald account. */
  taken: 'taken',
  /** This Emerald account already has another account of that provider linked. */
  alreadyLinked: 'already-linked',
  /** The provider refused or was cancelled, the request was unknown or expired, or the session changed. */
  failed: 'failed',
} as const;
export type SocialBindOutcome = (typeof socialBindOutcomes)[keyof typeof socialBindOutcomes];

export const SOCIAL_LOGIN_OUTCOME_PARAM = 'socialLogin';
export const SOCIAL_BIND_OUTCOME_PARAM = 'socialBind';
