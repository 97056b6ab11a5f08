import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  forgotPasswordStep1And2RequestSchema,
  forgotPasswordStep3RequestSchema,
  passwordResetMessages,
  passwordResetResponseSchema,
} from '../../../contracts/platform/accounts/password-reset';
import { passwordReset } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../../http/digest';
import { passwordResetMail } from '../../mail';
import type { ServiceContext } from '../../service-context';
import { hashPassword } from '../accounts';
import { findPlayerByEmail, updatePlayer } from '../accounts';
import { playerSignInChecks, publicUrl } from '../accounts';
import { endAllSessions } from '../session';
import { clearAttempts, takeSlots, throttleRules } from '../throttle';
import { languageOf } from '../language/language';

const hashKey = (key: string) => sha256Hex(key.trim().toUpperCase());

/** A 12-character key in an alphabet without look-alike characters, easy to type from an e-mail. */
function newResetKey(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
}

export const passwordResetRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const validMinutes = context.config.PASSWORD_RESET_TTL_MINUTES;

    async function issueResetKey(email: string): Promise<void> {
      const found = await findPlayerByEmail(db, email);
      if (!found) return;
      const key = newResetKey();
      await db.insert(passwordReset).values({ keyHash: hashKey(key), playerId: found.id, expiresAt: new Date(Date.now() + validMinutes * 60_000) });
      const resetUrl = `${publicUrl(context.config)}/reset-password?${new URLSearchParams({ confirmationCode: key, email: found.email })}`;
      await context.mailer.send(
        passwordResetMail({ to: found.email, username: found.username, resetKey: key, resetUrl, validMinutes, language: languageOf(found.language) }),
      );
    }

    app.post(
      '/forgotPasswordStep1And2',
      {
        schema: {
          tags: ['platform'],
          summary: 'Sends a reset key by e-mail; answers the same whether or not the account exists (SESS-26, SESS-27)',
          body: forgotPasswordStep1And2RequestSchema,
          response: { 200: passwordResetResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => {
        const email = request.body.email.toLowerCase();
        const accountKey = `reset:account:${email}`;
        const addressKey = `reset:address:${request.ip}`;
        // Every request counts, whether or not the account exists.
        await takeSlots(db, [
          { key: accountKey, rule: throttleRules.resetRequestPerAccount },
          { key: addressKey, rule: throttleRules.resetRequestPerAddress },
        ]);
        // Done after answering, so the time taken does not tell whether the account exists.
        setImmediate(() => {
          issueResetKey(email).catch((error: unknown) => request.log.error({ err: error }, 'password reset e-mail failed'));
        });
        return { status: 'SUCCESS' as const, message: passwordResetMessages.requested };
      },
    );

    app.post(
      '/forgotPasswordStep3',
      {
        schema: {
          tags: ['platform'],
          summary: 'Sets a new password with a single-use, expiring reset key (SESS-28, DEF-07)',
          body: forgotPasswordStep3RequestSchema,
          response: { 200: passwordResetResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => {
        const { email, resetPasswordKey, newPassword } = request.body;
        const addressKey = `reset-confirm:address:${request.ip}`;
        // Counted before the key is tried, given back when it works.
        const attempt = await takeSlots(db, [{ key: addressKey, rule: throttleRules.resetConfirmPerAddress }]);
        const found = await findPlayerByEmail(db, email);
        const used = found
          ? await db
              .update(passwordReset)
              .set({ usedAt: new Date() })
              .where(
                and(
                  eq(passwordReset.keyHash, hashKey(resetPasswordKey)),
                  eq(passwordReset.playerId, found.id),
                  isNull(passwordReset.usedAt),
                  gt(passwordReset.expiresAt, new Date()),
                ),
              )
              .returning({ playerId: passwordReset.playerId })
          : [];
        if (!found || used.length === 0) {
          throw new AppError('INVALID_RESET_KEY', passwordResetMessages.invalidKey, [{ field: 'resetPasswordKey', error: passwordResetMessages.invalidKey }]);
        }
        await updatePlayer(db, found.id, { passwordHash: await hashPassword(newPassword) });
        // Whoever knew the old password is signed out everywhere.
        await endAllSessions(db, found.id);
        await attempt.giveBack();
        // Guesses at the old password mean nothing now: the account's sign-in counts start afresh,
        // the account's own and this address's with it.
        const [fromHere, account] = playerSignInChecks(found, found.username, request.ip);
        for (const check of [fromHere!, account!]) await clearAttempts(db, check.key);
        request.log.info({ partyId: found.id }, 'password reset');
        return { status: 'SUCCESS' as const, message: passwordResetMessages.success };
      },
    );
  };
