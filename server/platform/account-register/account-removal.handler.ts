import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { accountRemovalMessages, accountRemovalRequestSchema, accountRemovalResponseSchema } from '../../../contracts/platform/accounts/account-removal';
import type { ServiceContext } from '../../service-context';
import { confirmCurrentPassword } from '../accounts';
import { clearSessionCookie, requireSession } from '../session';
import { removeOnRequest } from './register.service';

/** POST /ps/requestAccountRemoval: the player removes themselves from the account-holder register (issue 29 item 9). */
export const accountRemovalRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.post(
      '/requestAccountRemoval',
      {
        schema: {
          tags: ['platform'],
          summary:
            'Removes the signed-in player from the account-holder register: confirmed with the password; the account closed and its personal data anonymised at once, the ledger and payments kept; 409 naming balance or withdrawal while it holds money',
          body: accountRemovalRequestSchema,
          response: {
            200: accountRemovalResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        await confirmCurrentPassword(db, session.partyId, request.body.password, 'password', accountRemovalMessages.wrong);
        const removal = await removeOnRequest(context, session.partyId);
        // Every session of the player ended with the removal; this browser's cookie goes too.
        clearSessionCookie(reply);
        return { status: 'REMOVED' as const, removedAt: removal.doneAt ?? new Date().toISOString() };
      },
    );
  };
