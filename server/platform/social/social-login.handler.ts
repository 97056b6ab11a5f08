import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  bindSocialAccountRequestSchema,
  bindSocialAccountResponseSchema,
  SOCIAL_BIND_OUTCOME_PARAM,
  SOCIAL_LOGIN_OUTCOME_PARAM,
  socialBindOutcomes,
  socialLoginCallbackQuerySchema,
  socialLoginOutcomes,
  socialLoginQuerySchema,
  type SocialBindOutcome,
  type SocialLoginOutcome,
} from '../../../contracts/platform/accounts/social-login';
import { oidcSettings, type OidcSettings } from '../../config/social-providers';
import { AppError, fieldError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { publicUrl } from '../accounts';
import { requireSession, startPlayerSession } from '../session';
import { resolveSession, SESSION_COOKIE, sessionPolicy } from '../session';
import { takeSlots, throttleRules } from '../throttle';
import { buildAuthorizationRequest, exchangeCode, oidcConfiguration } from './oidc-client';
import { findLinkedPlayer, linkSocialAccount, savePendingLogin, SOCIAL_LOGIN_STATE_TTL_MS, takePendingLogin } from './social-accounts.repository';

export const SOCIAL_CALLBACK_PATH = '/ps/socialLogin/callback';

/**
 * Ties a sign-in to the browser that started it: the callback is honoured only when this cookie
 * holds its state, so nobody can plant their own provider sign-in in someone else's browser
 * (login CSRF). Binding is tied to the signed-in session instead.
 */
export const SOCIAL_STATE_COOKIE = 'SOCIAL_LOGIN_STATE';

const loginPage = (outcome: SocialLoginOutcome) => `/login?${SOCIAL_LOGIN_OUTCOME_PARAM}=${outcome}`;
const accountPage = (outcome: SocialBindOutcome) => `/account?${SOCIAL_BIND_OUTCOME_PARAM}=${outcome}`;

/** SESS-31…33 with DEF-06, DEF-08 and DEF-20: social sign-in and account binding through OpenID Connect. */
export const socialLoginRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const { config } = context;
    const policy = sessionPolicy(config);
    const redirectUri = `${publicUrl(config)}${SOCIAL_CALLBACK_PATH}`;

    function configuredProvider(socialType: string): OidcSettings {
      const settings = oidcSettings(config, socialType);
      if (!settings) throw fieldError('socialType', `${socialType} sign-in is not offered here`);
      return settings;
    }

    /** Discovers the provider and stores a pending flow; the URL to send the browser to. */
    async function startAuthorization(
      request: FastifyRequest,
      settings: OidcSettings,
      pending: { mode: 'login'; playerId: null } | { mode: 'bind'; playerId: string },
    ): Promise<{ url: string; state: string }> {
      let configuration;
      try {
        configuration = await oidcConfiguration(settings);
      } catch (error) {
        request.log.warn({ err: error, issuer: settings.issuer }, 'OpenID provider discovery failed');
        throw new AppError('SOCIAL_LOGIN_UNAVAILABLE');
      }
      const authorization = await buildAuthorizationRequest(configuration, redirectUri);
      await savePendingLogin(db, {
        ...pending,
        state: authorization.state,
        socialType: settings.socialType,
        codeVerifier: authorization.codeVerifier,
        nonce: authorization.nonce,
      });
      return { url: authorization.url.href, state: authorization.state };
    }

    function noStore(reply: FastifyReply): void {
      reply.header('cache-control', 'no-store');
    }

    app.get(
      '/socialLogin',
      {
        schema: {
          tags: ['platform'],
          summary: 'Starts a social sign-in: 302 to the provider (OpenID Connect code flow with PKCE, state and nonce; SESS-32)',
          querystring: socialLoginQuerySchema,
          response: { 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const settings = configuredProvider(request.query.socialType);
        const addressKey = `social-login:address:${request.ip}`;
        await takeSlots(db, [{ key: addressKey, rule: throttleRules.socialLoginStartPerAddress }]);
        let started;
        try {
          started = await startAuthorization(request, settings, { mode: 'login', playerId: null });
        } catch (error) {
          // This is a page the browser navigates to: send the player back to the login page.
          if (error instanceof AppError && error.status === 'SOCIAL_LOGIN_UNAVAILABLE') return reply.redirect(loginPage(socialLoginOutcomes.failed));
          throw error;
        }
        reply.setCookie(SOCIAL_STATE_COOKIE, started.state, {
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          path: '/',
          maxAge: SOCIAL_LOGIN_STATE_TTL_MS / 1000,
        });
        noStore(reply);
        return reply.redirect(started.url);
      },
    );

    app.post(
      '/bindSocialAccount',
      {
        schema: {
          tags: ['platform'],
          summary: 'Starts linking a provider account to the signed-in player; the browser then goes to redirectUrl (SESS-33, DEF-08)',
          body: bindSocialAccountRequestSchema,
          response: { 200: bindSocialAccountResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const settings = configuredProvider(request.body.socialType);
        const started = await startAuthorization(request, settings, { mode: 'bind', playerId: session.partyId });
        noStore(reply);
        return { status: 'SUCCESS' as const, redirectUrl: started.url };
      },
    );

    app.get(
      '/socialLogin/callback',
      {
        schema: {
          tags: ['platform'],
          summary: 'Where the provider returns the player: finishes a social sign-in or binding and redirects to a portal page',
          querystring: socialLoginCallbackQuerySchema,
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { state, error } = request.query;
        const browserState = request.cookies[SOCIAL_STATE_COOKIE];
        if (browserState !== undefined) reply.clearCookie(SOCIAL_STATE_COOKIE, { path: '/' });

        const pending = state ? await takePendingLogin(db, state) : null;
        if (!pending || !state) {
          request.log.info({ outcome: 'unknown-state' }, 'social sign-in refused');
          return reply.redirect(loginPage(socialLoginOutcomes.failed));
        }
        const failed = (reason: string, detail: Record<string, unknown> = {}) => {
          request.log.info({ outcome: reason, mode: pending.mode, ...detail }, 'social sign-in refused');
          return reply.redirect(pending.mode === 'bind' ? accountPage(socialBindOutcomes.failed) : loginPage(socialLoginOutcomes.failed));
        };
        if (pending.mode === 'login' && browserState !== state) return failed('other-browser');
        if (error) return failed('provider-error', { error: error.slice(0, 100) });
        const settings = oidcSettings(config, pending.socialType);
        if (!settings) return failed('not-configured');

        let identity;
        try {
          const configuration = await oidcConfiguration(settings);
          // The address the provider redirected to, as registered (never from the Host header).
          const callbackUrl = new URL(redirectUri);
          callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
          identity = await exchangeCode(configuration, callbackUrl, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
        } catch (err) {
          request.log.warn({ err, issuer: settings.issuer }, 'social sign-in: code exchange or ID token check failed');
          return failed('exchange-failed');
        }
        const provider = settings.issuer;

        if (pending.mode === 'login') {
          const partyId = await findLinkedPlayer(db, provider, identity.subject);
          if (!partyId) {
            request.log.info({ outcome: 'not-linked' }, 'social sign-in refused');
            return reply.redirect(loginPage(socialLoginOutcomes.notLinked));
          }
          // A new session at every sign-in, through the same door as a password (issue 26 defect 3):
          // a self-exclusion refuses it, a time-out restricts it.
          let opened;
          try {
            opened = await startPlayerSession(context, request, reply, partyId);
          } catch (refused) {
            if (!(refused instanceof AppError)) throw refused;
            request.log.info({ partyId, outcome: refused.status }, 'social sign-in refused: account closed at the player’s request');
            return reply.redirect(loginPage(socialLoginOutcomes.locked));
          }
          request.log.info({ partyId, socialType: settings.socialType, restricted: opened.restrictedUntil !== null }, 'signed in through a social provider');
          return reply.redirect('/');
        }

        // Binding: only for the same player, still signed in in this browser.
        const session = await resolveSession(db, request.cookies[SESSION_COOKIE], policy);
        if (!session || session.partyId !== pending.playerId) return failed('session-changed');
        const outcome = await linkSocialAccount(db, { provider, subject: identity.subject, playerId: session.partyId, email: identity.email });
        request.log.info({ partyId: session.partyId, socialType: settings.socialType, outcome }, 'social account binding');
        return reply.redirect(accountPage(outcome));
      },
    );
  };
