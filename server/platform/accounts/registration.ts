import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EIRCODE_PATTERN, fieldMessages } from '../../../contracts/platform/accounts/player-fields';
import type { QuickSignupCompletionRequest } from '../../../contracts/platform/accounts/quick-signup-completion';
import type { QuickSignupRequest } from '../../../contracts/platform/accounts/quick-signup';
import { emailConfirmation } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../../http/digest';
import { signupConfirmationMail, welcomeMail } from '../../mail';
import type { ServiceContext } from '../../service-context';
import type { IdentityCheckResult } from '../kyc';
import { recordScreening, screenLogin, screenSignup, type RegisterOutcome } from '../exclusion-register';
import { endAllSessions, startPlayerSession, type OpenedSession } from '../session';
import { addressCountry, checkSignupJurisdiction } from './jurisdiction';
import { hashPassword } from './password-hashing';
import { checkDeclaredCountry, noteCountries } from './player-jurisdiction';
import { activeConsents, recordConsents, setMarketingConsents, type MarketingBox } from '../consents';
import { createPlayer, updatePlayer, usernameOrEmailTaken, type PlayerRow } from './players.repository';
import { publicUrl } from './public-url';
import { announceRegistered } from './player-events';
import { languageOf, requestLanguage } from '../language/language';

/** The sign-up steps as the server applies them; the handlers of quickSignup, quickSignupCompletion and signup compose them. */
type RegistrationBody = Omit<QuickSignupRequest, 'currency' | 'receiveEmail' | 'consents' | 'marketingConsents'> & {
  currency: string;
  receiveEmail: boolean;
  consents: number[];
  marketingConsents: MarketingBox[];
};
type CompletionBody = Omit<QuickSignupCompletionRequest, never>;

const CONFIRMATION_VALID_MS = 7 * 24 * 3_600_000;

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
const hashCode = (code: string) => sha256Hex(code.trim());

/** Step 1: jurisdiction, consents and uniqueness checks, then the QUICK_REG player with a primary currency account. */
export async function registerPlayer(context: ServiceContext, request: FastifyRequest, body: RegistrationBody): Promise<PlayerRow> {
  const { db } = context.database;
  if (!checkSignupJurisdiction(request.ip, context.config.SIGNUP_JURISDICTIONS).allowed) {
    throw new AppError('JURISDICTION_NOT_ALLOWED', fieldMessages.ipaddress, [{ field: 'ipaddress', error: fieldMessages.ipaddress }]);
  }
  if (body.country) checkDeclaredCountry(body.country, context.config.SIGNUP_JURISDICTIONS);
  const consents = await activeConsents(db);
  const known = new Set(consents.map((consent) => consent.id));
  const unknown = body.consents.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new AppError('VALIDATION_ERROR', 'Unknown consent', [{ field: 'consents', error: `Unknown consent version ${unknown.join(', ')}` }]);
  if (consents.some((consent) => consent.isMandatory && !body.consents.includes(consent.id))) {
    throw new AppError('VALIDATION_ERROR', fieldMessages.mandatoryConsents, [{ field: 'consents', error: fieldMessages.mandatoryConsents }]);
  }
  if (await usernameOrEmailTaken(db, body.username, body.email)) throw new AppError('DUPLICATE');

  const created = await createPlayer(
    db,
    {
      username: body.username,
      email: body.email,
      passwordHash: await hashPassword(body.password),
      birthDate: body.birthDate,
      receiveEmail: body.receiveEmail,
      country: body.country ?? null,
      mobile: body.mobile ?? null,
      referralId: body.referralId ?? null,
      affiliateClickId: body.userTrackingCodes?.ClickId ?? null,
      affiliateId: body.userTrackingCodes?.affId ?? null,
      registrationIp: request.ip,
      // The portal's language at sign-up: messages and mails speak it (issue 27 item 1).
      language: requestLanguage(request),
      registrationStatus: 'QUICK_REG',
      kycStatus: 'NOT_CHECKED',
    },
    body.currency,
    async (tx, playerId) => {
      await recordConsents(tx, playerId, body.consents);
      // The marketing boxes the new player ticked (SR 5.1.12), committed with the player or not at all.
      await setMarketingConsents(
        tx,
        playerId,
        (body.marketingConsents ?? []).map((box) => ({ ...box, granted: true })),
        { kind: 'PLAYER', playerId },
      );
    },
  ).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError('DUPLICATE');
    throw error;
  });
  // Defect 3: the sign-up address's country counts towards the rules the player plays under.
  await noteCountries(db, created.id, { declared: body.country ?? null, address: { ip: request.ip, place: 'SIGNUP' } });
  // Refer a friend: the referral cookie (sent as referralId) links the new player to the referrer.
  await announceRegistered(db, { playerId: created.id, email: created.email, referralId: created.referralId, request });
  request.log.info({ partyId: created.id }, 'player registered');
  await sendSignupConfirmation(context, created);
  return created;
}

/** Who sign-up asks the national exclusion registers about (issue 12). */
export interface RegistrationIdentity {
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string;
  postalCode?: string | undefined;
  mobile?: string | null | undefined;
  country: string;
}

/**
 * The national exclusion registers at sign-up (GAMSTOP, NGER; `server/platform/exclusion-register`):
 * those of the declared country, the sign-up address's country and any jurisdiction already kept.
 * A registered person is refused (403 EXCLUSION_REGISTER), an unanswered check fails closed (503).
 * With `current` (a quick sign-up being completed) the answers are stored at once.
 */
export function screenRegistration(
  context: ServiceContext,
  request: FastifyRequest,
  person: RegistrationIdentity,
  current?: PlayerRow,
): Promise<RegisterOutcome[]> {
  return screenSignup(
    { db: context.database.db, provider: context.exclusionRegister, logger: request.log },
    { ...person, postcode: person.postalCode, countries: [person.country, addressCountry(request.ip), current?.jurisdiction] },
    current?.id,
  );
}

/**
 * The national exclusion registers at login (issue 12): a registered person is refused and every
 * session they still hold ends; while a register is unavailable its last stored answer decides.
 */
export async function screenSignIn(context: ServiceContext, request: FastifyRequest, found: PlayerRow): Promise<void> {
  const { db } = context.database;
  try {
    await screenLogin({ db, provider: context.exclusionRegister, logger: request.log }, found.id, {
      firstName: found.firstName,
      lastName: found.lastName,
      birthDate: found.birthDate,
      email: found.email,
      postcode: found.postalCode,
      mobile: found.mobile,
      countries: [found.country, found.jurisdiction],
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 'EXCLUSION_REGISTER') await endAllSessions(db, found.id);
    throw error;
  }
}

/**
 * Step 2: the profile with the chosen gender and country (DEF-02), the national exclusion registers
 * and the identity and age check. `screened`: the one-step sign-up asked the registers before the
 * player existed; its answers are stored here instead of asking again.
 */
export async function completeRegistration(
  context: ServiceContext,
  request: FastifyRequest,
  current: PlayerRow,
  body: CompletionBody,
  screened?: RegisterOutcome[],
): Promise<IdentityCheckResult> {
  if (current.registrationStatus !== 'QUICK_REG') throw new AppError('REGISTRATION_ALREADY_COMPLETE');
  checkDeclaredCountry(body.country, context.config.SIGNUP_JURISDICTIONS);
  if (body.country === 'IE' && body.postalCode && !EIRCODE_PATTERN.test(body.postalCode)) {
    throw new AppError('VALIDATION_ERROR', fieldMessages.eircode, [{ field: 'postalCode', error: fieldMessages.eircode }]);
  }
  const birthDate = body.birthDate ?? current.birthDate;
  if (!birthDate) throw new AppError('VALIDATION_ERROR', fieldMessages.birthDate, [{ field: 'birthDate', error: fieldMessages.birthDate }]);
  if (screened) await recordScreening(context.database.db, current.id, 'SIGNUP', context.exclusionRegister.id, screened);
  else
    await screenRegistration(
      context,
      request,
      {
        firstName: body.firstName,
        lastName: body.lastName,
        birthDate,
        email: current.email,
        postalCode: body.postalCode,
        mobile: body.mobile ?? current.mobile,
        country: body.country,
      },
      current,
    );

  const check = await context.kyc.checkIdentity({
    partyId: current.id,
    firstName: body.firstName,
    lastName: body.lastName,
    birthDate,
    address: [body.unit, body.building, body.address].filter(Boolean).join(', '),
    city: body.city,
    postalCode: body.postalCode,
    country: body.country,
  });
  await updatePlayer(context.database.db, current.id, {
    firstName: body.firstName,
    lastName: body.lastName,
    gender: body.gender,
    birthDate,
    profession: body.profession,
    unit: body.unit ?? null,
    building: body.building ?? null,
    address: body.address,
    municipality: body.municipality,
    city: body.city,
    postalCode: body.postalCode?.toUpperCase() ?? null,
    country: body.country,
    mobile: body.mobile,
    registrationStatus: 'PLAYER',
    kycStatus: check.kycStatus,
  });
  // A provider deciding by webhook may have decided while the player was being written.
  await context.kyc.afterRegistration?.(current.id);
  // Defect 3: the declared country and this address's country; the strictest rules apply.
  await noteCountries(context.database.db, current.id, { declared: body.country, address: { ip: request.ip, place: 'SIGNUP' } });
  request.log.info({ partyId: current.id, outcome: check.outcome, provider: context.kyc.id, reference: check.reference }, 'identity check finished');
  await context.mailer.send(
    welcomeMail({
      to: current.email,
      username: current.username,
      outcome: check.outcome,
      siteUrl: publicUrl(context.config),
      language: languageOf(current.language),
    }),
  );
  return check;
}

/** A new session for the player, in the HttpOnly cookie, through the one door (refused or restricted by the player's locks). */
export async function signIn(context: ServiceContext, request: FastifyRequest, reply: FastifyReply, partyId: string): Promise<OpenedSession> {
  return startPlayerSession(context, request, reply, partyId);
}

/** E-mails a single-use confirmation link to /confirm-signup (SIGNUP-52, NAV-04). */
async function sendSignupConfirmation(context: ServiceContext, created: PlayerRow): Promise<void> {
  const code = randomBytes(24).toString('base64url');
  await context.database.db
    .insert(emailConfirmation)
    .values({ keyHash: hashCode(code), playerId: created.id, expiresAt: new Date(Date.now() + CONFIRMATION_VALID_MS) });
  const confirmUrl = `${publicUrl(context.config)}/confirm-signup?${new URLSearchParams({ confirmationCode: code, email: created.email })}`;
  await context.mailer.send(signupConfirmationMail({ to: created.email, username: created.username, confirmUrl, language: languageOf(created.language) }));
}

/** Uses up a confirmation code of this player; false when it is unknown, used or expired. */
export async function takeSignupConfirmation(context: ServiceContext, code: string, playerId: string): Promise<boolean> {
  const used = await context.database.db
    .update(emailConfirmation)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailConfirmation.keyHash, hashCode(code)),
        eq(emailConfirmation.playerId, playerId),
        isNull(emailConfirmation.usedAt),
        gt(emailConfirmation.expiresAt, new Date()),
      ),
    )
    .returning({ playerId: emailConfirmation.playerId });
  return used.length > 0;
}
