import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import { saveUserConsentsRequestSchema, userConsentMessages, userConsentsResponseSchema } from '../../../contracts/platform/accounts/user-consents';
import type { Db } from '../../db/database';
import { playerConsent } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { activeConsents } from './consents.repository';
import { requireSession } from '../session';

async function consentsOf(db: Db, partyId: string) {
  const given = new Set((await db.select().from(playerConsent).where(eq(playerConsent.playerId, partyId))).map((row) => row.consentVersionId));
  return (await activeConsents(db)).map((consent) => ({
    consentVersionId: consent.id,
    name: consent.name,
    key: consent.key,
    parentKey: consent.parentKey === 'MANDATORY' ? ('MANDATORY' as const) : ('MARKETING' as const),
    isMandatory: consent.isMandatory,
    granted: given.has(consent.id),
  }));
}

export const userConsentsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    app.get(
      '/user/consents',
      { schema: { tags: ['platform'], summary: "The player's consents", response: { 200: userConsentsResponseSchema, 401: errorResponseSchema } } },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        return { status: 'SUCCESS' as const, consents: await consentsOf(db, session.partyId) };
      },
    );

    app.post(
      '/user/consents',
      {
        schema: {
          tags: ['platform'],
          summary: 'Gives or withdraws consents; mandatory ones cannot be withdrawn (NS-24, DEF-08)',
          body: saveUserConsentsRequestSchema,
          response: { 200: userConsentsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const known = new Map((await activeConsents(db)).map((consent) => [consent.id, consent]));
        for (const change of request.body.consents) {
          const consent = known.get(change.consentVersionId);
          if (!consent) throw new AppError('VALIDATION_ERROR', 'Unknown consent', [{ field: 'consents', error: `Unknown consent version ${change.consentVersionId}` }]);
          if (consent.isMandatory && !change.granted) throw new AppError('VALIDATION_ERROR', userConsentMessages.mandatory, [{ field: 'consents', error: userConsentMessages.mandatory }]);
        }
        const granted = request.body.consents.filter((change) => change.granted).map((change) => change.consentVersionId);
        const withdrawn = request.body.consents.filter((change) => !change.granted).map((change) => change.consentVersionId);
        await db.transaction(async (tx) => {
          if (granted.length > 0) await tx.insert(playerConsent).values(granted.map((consentVersionId) => ({ playerId: session.partyId, consentVersionId }))).onConflictDoNothing();
          if (withdrawn.length > 0) await tx.delete(playerConsent).where(and(eq(playerConsent.playerId, session.partyId), inArray(playerConsent.consentVersionId, withdrawn)));
        });
        return { status: 'SUCCESS' as const, consents: await consentsOf(db, session.partyId) };
      },
    );
  };
