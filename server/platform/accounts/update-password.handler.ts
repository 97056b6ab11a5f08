import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { updatePasswordMessages, updatePasswordRequestSchema, updatePasswordResponseSchema } from '../../../contracts/platform/accounts/update-password';
import { AppError } from '../../http/app-error';
import { passwordChangedMail } from '../../mail';
import type { ServiceContext } from '../../service-context';
import { endOtherSessions, requireSession } from '../session';
import { clearAttempts, takeSlots, throttleRules } from '../throttle';
import { hashPassword, verifyPassword } from './password-hashing';
import { findPlayer, updatePlayer } from './players.repository';
import { publicUrl } from './public-url';
import { languageOf } from '../language/language';

const wrongPassword = () => new AppError('WRONG_PASSWORD', updatePasswordMessages.wrong, [{ field: 'oldPassword', error: updatePasswordMessages.wrong }]);

export const updatePasswordRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.post(
      '/updatePassword',
      {
        schema: {
          tags: ['platform'],
          summary: 'Changes the password: the current one checked, the sign-up rule for the new one, other sessions ended, an e-mail sent (ACC-12…17)',
          body: updatePasswordRequestSchema,
          response: { 200: updatePasswordResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        // A stolen session must not become a way to guess the password: the sign-in limit applies.
        // Counted before the check, given back when the current password is right.
        const throttleKey = `password-change:account:${session.partyId}`;
        const attempt = await takeSlots(db, [{ key: throttleKey, rule: throttleRules.passwordChangePerAccount }]);
        const row = await findPlayer(db, session.partyId);
        if (!row) throw new AppError('INVALID_SESSIONKEY');
        const { oldPassword, newPassword } = request.body;
        if (!row.passwordHash || !(await verifyPassword(row.passwordHash, oldPassword))) throw wrongPassword();
        await attempt.giveBack();
        if (oldPassword === newPassword) {
          throw new AppError('VALIDATION_ERROR', updatePasswordMessages.same, [{ field: 'newPassword', error: updatePasswordMessages.same }]);
        }
        await updatePlayer(db, row.id, { passwordHash: await hashPassword(newPassword) });
        // Whoever knew the old password is signed out everywhere but here.
        await endOtherSessions(db, row.id, session.tokenHash);
        await clearAttempts(db, throttleKey);
        await context.mailer.send(
          passwordChangedMail({ to: row.email, username: row.username, siteUrl: publicUrl(context.config), language: languageOf(row.language) }),
        );
        request.log.info({ partyId: row.id }, 'password changed');
        return { status: 'SUCCESS' as const, message: updatePasswordMessages.success };
      },
    );
  };
