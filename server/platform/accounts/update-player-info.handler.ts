import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, type FieldError } from '../../../contracts/errors';
import { EIRCODE_PATTERN, fieldMessages } from '../../../contracts/platform/accounts/player-fields';
import {
  confirmEmailChangeMessages,
  confirmEmailChangeRequestSchema,
  confirmEmailChangeResponseSchema,
  profileFieldNames,
  updatePlayerInfoMessages,
  updatePlayerInfoRequestSchema,
  updatePlayerInfoResponseSchema,
  type ProfileFieldName,
} from '../../../contracts/platform/accounts/update-player-info';
import type { Db } from '../../db/database';
import { emailChange, player } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../../http/digest';
import { emailChangeMail, emailChangeNoticeMail } from '../../mail';
import { languageOf } from '../language/language';
import type { ServiceContext } from '../../service-context';
import { requireSession } from '../session';
import { findPlayer, updatePlayer, type NewPlayer, type PlayerRow } from './players.repository';
import { addressLine, readonlyFieldsOf } from './profile-fields';
import { publicUrl } from './public-url';

const EMAIL_CHANGE_VALID_DAYS = 7;
const hashCode = (code: string) => sha256Hex(code.trim());
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
const emailInUse = () => new AppError('EMAIL_IN_USE', updatePlayerInfoMessages.emailInUse, [{ field: 'email', error: updatePlayerInfoMessages.emailInUse }]);

/** The stored value of each profile field, as the request would carry it. */
function storedValue(row: PlayerRow, currency: string | undefined, field: ProfileFieldName): string | null | undefined {
  switch (field) {
    case 'USER_ID':
      return row.username;
    case 'FIRST_NAME':
      return row.firstName;
    case 'LAST_NAME':
      return row.lastName;
    case 'BIRTH_DATE':
      return row.birthDate;
    case 'CURRENCY':
      return currency;
    case 'COUNTRY':
      return row.country;
    case 'LANGUAGE':
      return row.language;
    case 'MOBILE_PHONE':
      return row.mobile;
    case 'EMAIL':
      return row.email;
    case 'ADDRESS':
      return addressLine(row);
    case 'CITY':
      return row.city;
    case 'POSTALCODE':
      return row.postalCode;
  }
}

const same = (sent: string, stored: string | null | undefined) => sent.trim().toLowerCase() === (stored ?? '').trim().toLowerCase();

async function emailTakenByAnother(db: Db, email: string, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: player.id })
    .from(player)
    .where(and(eq(sql`lower(${player.email})`, email.toLowerCase()), ne(player.id, playerId)))
    .limit(1);
  return row !== undefined;
}

export const updatePlayerInfoRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;

    app.post(
      '/updatePlayerInfo',
      {
        schema: {
          tags: ['platform'],
          summary: 'Changes the contact details; read-only fields are refused; a new e-mail waits for its confirmation link (ACC-11, ACC-18…22)',
          body: updatePlayerInfoRequestSchema,
          response: { 200: updatePlayerInfoResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const row = await findPlayer(db, session.partyId);
        if (!row) throw new AppError('INVALID_SESSIONKEY');
        const body = request.body;
        const currency = session.currency ?? undefined;

        // ACC-11: a read-only field may be sent as it is stored, never changed.
        const refused: FieldError[] = [];
        for (const field of readonlyFieldsOf(row)) {
          const name = profileFieldNames[field];
          const sent = body[name];
          if (sent === undefined) continue;
          if (field === 'CURRENCY' && currency === undefined) continue;
          if (!same(sent, storedValue(row, currency, field))) refused.push({ field: name, error: updatePlayerInfoMessages.readOnly });
        }
        if (refused.length > 0) throw new AppError('READ_ONLY_FIELD', refused[0]?.error, refused);

        // As at sign-up: an Irish address's postcode is an Eircode.
        if (row.country === 'IE' && body.postalCode !== undefined && !EIRCODE_PATTERN.test(body.postalCode)) {
          throw new AppError('VALIDATION_ERROR', fieldMessages.eircode, [{ field: 'postalCode', error: fieldMessages.eircode }]);
        }
        const changes: Partial<NewPlayer> = { mobile: body.mobilePhone };
        if (!same(body.address, addressLine(row))) Object.assign(changes, { unit: null, building: null, address: body.address });
        if (body.city !== undefined) changes.city = body.city;
        if (body.postalCode !== undefined) changes.postalCode = body.postalCode.toUpperCase();

        const newEmail = same(body.email, row.email) ? null : body.email;
        if (newEmail && (await emailTakenByAnother(db, newEmail, row.id))) throw emailInUse();
        await updatePlayer(db, row.id, changes);

        if (newEmail) {
          const code = randomBytes(24).toString('base64url');
          await db.transaction(async (tx) => {
            // One pending change at a time: an earlier link stops working.
            await tx
              .update(emailChange)
              .set({ usedAt: new Date() })
              .where(and(eq(emailChange.playerId, row.id), isNull(emailChange.usedAt)));
            await tx
              .insert(emailChange)
              .values({ keyHash: hashCode(code), playerId: row.id, newEmail, expiresAt: new Date(Date.now() + EMAIL_CHANGE_VALID_DAYS * 86_400_000) });
          });
          const confirmUrl = `${publicUrl(context.config)}/account?${new URLSearchParams({ emailChangeCode: code })}`;
          await context.mailer.send(
            emailChangeMail({ to: newEmail, username: row.username, confirmUrl, validDays: EMAIL_CHANGE_VALID_DAYS, language: languageOf(row.language) }),
          );
          await context.mailer.send(
            emailChangeNoticeMail({ to: row.email, username: row.username, siteUrl: publicUrl(context.config), language: languageOf(row.language) }),
          );
        }
        request.log.info({ partyId: row.id, emailChangeRequested: newEmail !== null }, 'contact details changed');
        return { status: 'SUCCESS' as const, pendingEmail: newEmail };
      },
    );

    app.post(
      '/confirmEmailChange',
      {
        schema: {
          tags: ['platform'],
          summary: "Makes a new e-mail address the account's with the link sent to it (ACC-20)",
          body: confirmEmailChangeRequestSchema,
          response: { 200: confirmEmailChangeResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const session = await requireSession(context, request, reply);
        const invalid = () =>
          new AppError('INVALID_CONFIRMATION_CODE', confirmEmailChangeMessages.invalid, [{ field: 'code', error: confirmEmailChangeMessages.invalid }]);
        const email = await db
          .transaction(async (tx) => {
            const [taken] = await tx
              .update(emailChange)
              .set({ usedAt: new Date() })
              .where(
                and(
                  eq(emailChange.keyHash, hashCode(request.body.code)),
                  eq(emailChange.playerId, session.partyId),
                  isNull(emailChange.usedAt),
                  gt(emailChange.expiresAt, new Date()),
                ),
              )
              .returning({ newEmail: emailChange.newEmail });
            if (!taken) throw invalid();
            await tx.update(player).set({ email: taken.newEmail, emailConfirmedAt: new Date() }).where(eq(player.id, session.partyId));
            return taken.newEmail;
          })
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) throw emailInUse();
            throw error;
          });
        request.log.info({ partyId: session.partyId }, 'e-mail address changed');
        return { status: 'SUCCESS' as const, email };
      },
    );
  };
