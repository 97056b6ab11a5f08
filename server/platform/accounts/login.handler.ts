import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  getAssociateAccountsResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  switchCurrencyRequestSchema,
} from '../../../contracts/platform/accounts/login';
import { requestExclusionReturnRequestSchema, requestExclusionReturnResponseSchema } from '../../../contracts/platform/limits/limits';
import { AppError } from '../../http/app-error';
import { requestLanguage } from '../language/language';
import { requestExclusionReturn, returnReceivedText } from '../limits';
import type { ServiceContext } from '../../service-context';
import { clearSessionCookie, requireSession, SESSION_COOKIE, startPlayerSession, switchSessionCurrency } from '../session';
import { clearAttempts, takeSlots } from '../throttle';
import { logOut } from './logout';
import { verifyAgainstDecoy, verifyPassword } from './password-hashing';
import { playerSignInChecks } from './sign-in-checks';
import { associateAccounts, findPlayerBySignInName, holdsCurrency } from './players.repository';
import { screenSignIn } from './registration';

export const loginRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.post(
      '/login',
      {
        schema: {
          tags: ['platform'],
          summary: 'Signs a player in with username (or e-mail) and password (SESS-10…13)',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        const found = await findPlayerBySignInName(db, username);
        const checks = playerSignInChecks(found, username, request.ip);
        // Counted before the password is checked and given back when it is right: guesses sent
        // together cannot all be checked before the first of them is counted.
        const attempt = await takeSlots(db, checks);
        const valid = found?.passwordHash ? await verifyPassword(found.passwordHash, password) : await verifyAgainstDecoy(password);
        if (!found || !valid) {
          request.log.info({ outcome: 'rejected' }, 'sign-in rejected');
          throw new AppError('INVALID_CREDENTIALS');
        }
        await attempt.giveBack();
        // The owner's own address starts afresh; guesses from elsewhere stay counted.
        await clearAttempts(db, checks[0]!.key);
        // Issue 12: the national exclusion registers are asked again at every login.
        await screenSignIn(context, request, found);
        // Issue 12 (DEF-11), issue 26 defects 3 and 4: the one door to a session decides from the
        // player's locks — a self-exclusion refuses, a time-out gives a restricted session.
        const opened = await startPlayerSession(context, request, reply, found.id).catch((refused: unknown) => {
          if (refused instanceof AppError)
            request.log.info({ partyId: found.id, outcome: refused.status }, 'sign-in refused: account closed at the player’s request');
          throw refused;
        });
        request.log.info({ partyId: found.id, restricted: opened.restrictedUntil !== null }, 'signed in');
        return {
          status: 'SUCCESS' as const,
          partyId: found.id,
          registrationStatus: found.registrationStatus === 'PLAYER' ? ('PLAYER' as const) : ('QUICK_REG' as const),
          associateAccounts: await associateAccounts(db, found.id, null),
          ...(opened.restrictedUntil ? { restrictedUntil: opened.restrictedUntil.toISOString() } : {}),
        };
      },
    );

    app.post(
      '/requestExclusionReturn',
      {
        schema: {
          tags: ['responsible-gaming'],
          summary: 'A player whose self-exclusion has ended asks to return; the account reopens 24 hours later (UKGC LCCP 3.5.3)',
          body: requestExclusionReturnRequestSchema,
          response: { 200: requestExclusionReturnResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => {
        const { username, password } = request.body;
        const found = await findPlayerBySignInName(db, username);
        // The same door as sign-in, so it is counted as sign-in is.
        const attempt = await takeSlots(db, playerSignInChecks(found, username, request.ip));
        const valid = found?.passwordHash ? await verifyPassword(found.passwordHash, password) : await verifyAgainstDecoy(password);
        if (!found || !valid) throw new AppError('INVALID_CREDENTIALS');
        await attempt.giveBack();
        const language = requestLanguage(request);
        const returnAt = await requestExclusionReturn(db, found.id, new Date(), language);
        request.log.info({ partyId: found.id, returnAt: returnAt.toISOString() }, 'return from self-exclusion requested');
        return { status: 'SUCCESS' as const, message: returnReceivedText(returnAt, language), returnAt: returnAt.toISOString() };
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          tags: ['platform'],
          summary: 'Ends the session and the game sessions it launched on the server, and clears its cookie (SESS-19, DEF-08)',
          response: { 200: logoutResponseSchema },
        },
      },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await logOut(db, token);
        clearSessionCookie(reply);
        return { status: 'SUCCESS' as const };
      },
    );

    app.get(
      '/getAssociateAccounts',
      {
        // The balance screen's currencies: open to a restricted session (issue 26 defect 4).
        config: { restrictedSession: true },
        schema: {
          tags: ['platform'],
          summary: "The player's currency accounts and which one is active (SESS-04, SESS-11)",
          response: { 200: getAssociateAccountsResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return { status: 'SUCCESS' as const, associateAccounts: await associateAccounts(db, session.partyId, session.currency) };
      },
    );

    app.post(
      '/switchCurrency',
      {
        // A withdrawal in another of the player's currencies: open to a restricted session.
        config: { restrictedSession: true },
        schema: {
          tags: ['platform'],
          summary: 'Makes another of the player’s currencies the active one for this session (SESS-23…25)',
          body: switchCurrencyRequestSchema,
          response: { 200: getAssociateAccountsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const { currency } = request.body;
        if (!(await holdsCurrency(db, session.partyId, currency))) {
          throw new AppError('VALIDATION_ERROR', `You have no ${currency} account`, [{ field: 'currency', error: `You have no ${currency} account` }]);
        }
        await switchSessionCurrency(db, session.tokenHash, currency);
        return { status: 'SUCCESS' as const, associateAccounts: await associateAccounts(db, session.partyId, currency) };
      },
    );
  };
