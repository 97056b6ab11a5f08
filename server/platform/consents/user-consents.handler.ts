import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  saveConsentVersionsRequestSchema,
  saveUserConsentsRequestSchema,
  userConsentMessages,
  userConsentsResponseSchema,
} from '../../../contracts/platform/accounts/user-consents';
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

/**
 * Gives and withdraws the player's consents in one transaction. An unknown version or the
 * withdrawal of a mandatory consent (NS-24) refuses the whole change, naming `field`.
 */
async function saveConsents(
  db: Db,
  partyId: string,
  granted: number[],
  withdrawn: number[],
  field: { granted: string; withdrawn: string } | string,
): Promise<void> {
  const names = typeof field === 'string' ? { granted: field, withdrawn: field } : field;
  const known = new Map((await activeConsents(db)).map((consent) => [consent.id, consent]));
  for (const [ids, name] of [
    [granted, names.granted],
    [withdrawn, names.withdrawn],
  ] as const) {
    const unknown = ids.find((id) => !known.has(id));
    if (unknown !== undefined) throw new AppError('VALIDATION_ERROR', 'Unknown consent', [{ field: name, error: `Unknown consent version ${unknown}` }]);
  }
  if (withdrawn.some((id) => known.get(id)?.isMandatory)) {
    throw new AppError('VALIDATION_ERROR', userConsentMessages.mandatory, [{ field: names.withdrawn, error: userConsentMessages.mandatory }]);
  }
  await db.transaction(async (tx) => {
    if (granted.length > 0)
      await tx
        .insert(playerConsent)
        .values(granted.map((consentVersionId) => ({ playerId: partyId, consentVersionId })))
        .onConflictDoNothing();
    if (withdrawn.length > 0)
      await tx.delete(playerConsent).where(and(eq(playerConsent.playerId, partyId), inArray(playerConsent.consentVersionId, withdrawn)));
  });
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
        const granted = request.body.consents.filter((change) => change.granted).map((change) => change.consentVersionId);
        const withdrawn = request.body.consents.filter((change) => !change.granted).map((change) => change.consentVersionId);
        await saveConsents(db, session.partyId, granted, withdrawn, 'consents');
        return { status: 'SUCCESS' as const, consents: await consentsOf(db, session.partyId) };
      },
    );

    app.post(
      '/user/consents/save',
      {
        schema: {
          tags: ['platform'],
          summary:
            'Gives (consentedVersions) and withdraws (unConsentedVersions) consent versions; mandatory ones cannot be withdrawn (ACC-26, ACC-27, ACC-37)',
          body: saveConsentVersionsRequestSchema,
          response: { 200: userConsentsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const { consentedVersions, unConsentedVersions } = request.body;
        await saveConsents(db, session.partyId, consentedVersions, unConsentedVersions, { granted: 'consentedVersions', withdrawn: 'unConsentedVersions' });
        return { status: 'SUCCESS' as const, consents: await consentsOf(db, session.partyId) };
      },
    );
  };
