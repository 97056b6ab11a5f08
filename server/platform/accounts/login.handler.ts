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
import { lockRefusal, requestExclusionReturn } from '../limits';
import type { ServiceContext } from '../../service-context';
import { clearSessionCookie, createSession, endSession, requireSession, SESSION_COOKIE, sessionPolicy, setSessionCookie, switchSessionCurrency } from '../session';
import { assertNotThrottled, clearAttempts, recordAttempt, throttleRules } from '../throttle';
import { verifyAgainstDecoy, verifyPassword } from './password-hashing';
import { associateAccounts, findPlayerBySignInName, holdsCurrency } from './players.repository';
import { screenSignIn } from './registration';

export const loginRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const policy = sessionPolicy(context.config);

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
        const accountKey = `login:account:${username.toLowerCase()}`;
        const addressKey = `login:address:${request.ip}`;
        await assertNotThrottled(db, [
          { key: accountKey, rule: throttleRules.loginPerAccount },
          { key: addressKey, rule: throttleRules.loginPerAddress },
        ]);

        const found = await findPlayerBySignInName(db, username);
        const valid = found?.passwordHash ? await verifyPassword(found.passwordHash, password) : await verifyAgainstDecoy(password);
        if (!found || !valid) {
          await recordAttempt(db, accountKey, throttleRules.loginPerAccount);
          await recordAttempt(db, addressKey, throttleRules.loginPerAddress);
          request.log.info({ outcome: 'rejected' }, 'sign-in rejected');
          throw new AppError('INVALID_CREDENTIALS');
        }
        await clearAttempts(db, accountKey);
        // Issue 12: the national exclusion registers are asked again at every login.
        await screenSignIn(context, request, found);
        // Issue 12 (DEF-11): a time-out or self-exclusion keeps the account closed until it ends.
        const locked = await lockRefusal(db, found.id);
        if (locked) {
          request.log.info({ partyId: found.id, outcome: locked.status }, 'sign-in refused: account closed at the player’s request');
          throw locked;
        }

        // A new session at every sign-in: a key planted before login is worth nothing after it.
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await endSession(db, previous);
        const token = await createSession(db, found.id, policy);
        setSessionCookie(request, reply, token, policy.absoluteTimeoutMs / 1000);
        request.log.info({ partyId: found.id }, 'signed in');
        return {
          status: 'SUCCESS' as const,
          partyId: found.id,
          registrationStatus: found.registrationStatus === 'PLAYER' ? ('PLAYER' as const) : ('QUICK_REG' as const),
          associateAccounts: await associateAccounts(db, found.id, null),
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
        const accountKey = `login:account:${username.toLowerCase()}`;
        await assertNotThrottled(db, [{ key: accountKey, rule: throttleRules.loginPerAccount }]);
        const found = await findPlayerBySignInName(db, username);
        const valid = found?.passwordHash ? await verifyPassword(found.passwordHash, password) : await verifyAgainstDecoy(password);
        if (!found || !valid) {
          await recordAttempt(db, accountKey, throttleRules.loginPerAccount);
          throw new AppError('INVALID_CREDENTIALS');
        }
        const returnAt = await requestExclusionReturn(db, found.id);
        request.log.info({ partyId: found.id, returnAt: returnAt.toISOString() }, 'return from self-exclusion requested');
        return { status: 'SUCCESS' as const, message: `Your request has been received. Your account reopens on ${returnAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`, returnAt: returnAt.toISOString() };
      },
    );

    app.post(
      '/logout',
      {
        schema: { tags: ['platform'], summary: 'Ends the session on the server and clears its cookie (SESS-19, DEF-08)', response: { 200: logoutResponseSchema } },
      },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await endSession(db, token);
        clearSessionCookie(reply);
        return { status: 'SUCCESS' as const };
      },
    );

    app.get(
      '/getAssociateAccounts',
      {
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
