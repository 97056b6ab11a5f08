import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkSessionAlivePath, checkSessionAliveResponseSchema, type CheckSessionAliveResponse } from '../../../contracts/platform/check-session-alive';
import type { InducementKind } from '../../../contracts/platform/inducements/inducements';
import type { Db } from '../../db/database';
import type { ServiceContext } from '../../service-context';
import { resolveSession, SESSION_COOKIE, sessionPolicy } from './session-store';

/**
 * Which inducements the player's jurisdiction closes (issue 29 item 7), handed in by the platform:
 * the inducements module reads the accounts module, which depends on this one, so the session does
 * not import it. Without it, none is closed.
 */
export type InducementsOffOf = (db: Db, playerId: string) => Promise<InducementKind[]>;

export const checkSessionAliveRoutes =
  ({ database, config }: ServiceContext, { inducementsOffOf = async () => [] }: { inducementsOffOf?: InducementsOffOf } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const policy = sessionPolicy(config);
    app.get(
      checkSessionAlivePath,
      {
        schema: {
          tags: ['platform'],
          summary: 'Whether the session cookie names a live session, with the roles the server holds (SESS, DEF-01)',
          response: { 200: checkSessionAliveResponseSchema },
        },
      },
      async (request, reply): Promise<CheckSessionAliveResponse> => {
        reply.header('Cache-Control', 'no-store');
        const token = request.cookies[SESSION_COOKIE];
        const session = await resolveSession(database.db, token, policy);
        if (!session) {
          if (token) reply.clearCookie(SESSION_COOKIE, { path: '/' });
          return { status: 'SUCCESS', alive: false, authorities: [] };
        }
        return {
          status: 'SUCCESS',
          alive: true,
          partyId: session.partyId,
          registrationStatus: session.registrationStatus,
          authorities: session.authorities,
          ...(session.restrictedUntil ? { restrictedUntil: session.restrictedUntil.toISOString() } : {}),
          inducementsOff: await inducementsOffOf(database.db, session.partyId),
        };
      },
    );
  };
