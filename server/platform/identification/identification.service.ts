import type { Logger } from 'pino';
import { mayPlayForReal } from '../../../contracts/platform/accounts/identity-gate';
import type {
  GetIdentificationStatusResponse,
  GetUserKycInfoResponse,
  UserKycCheckRequest,
  userKycCheckRequestSchema,
} from '../../../contracts/platform/identification/identification';
import type { z } from 'zod';
import { identitySchemeFor } from '../../../contracts/platform/identification/identity-declaration';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findPlayer, updatePlayer, type NewPlayer } from '../accounts';
import { hasDocumentsAwaitingReview } from '../documents';
import type { KycProvider } from '../kyc';
import { takeSlots, type ThrottleRule } from '../throttle';

/**
 * Failed checks and unknown cards are counted per player: guessing someone else's document or card
 * number against the provider is slowed down (429 with Retry-After), an honest mistake is not.
 * The slot is taken before the provider is asked and given back when the answer is not a failure,
 * so questions sent together cannot all reach the provider.
 */
export const identificationThrottle = {
  failedChecks: { limit: 5, windowSeconds: 60 * 60 },
  unknownCards: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;

export interface IdentificationDeps {
  db: Db;
  kyc: KycProvider;
  logger: Logger;
  /** IDENTITY_REGISTER_COUNTRIES: the card and register ID checks are these countries' (issue 27). */
  registerCountries: readonly string[];
}

type PlayerRow = NonNullable<Awaited<ReturnType<typeof findPlayer>>>;

async function playerToIdentify(deps: IdentificationDeps, partyId: string): Promise<PlayerRow> {
  const player = await findPlayer(deps.db, partyId);
  if (!player) throw new AppError('NOT_FOUND', 'Player not found');
  // A quick registration finishes sign-up step 2 (with its own identity check) first (SESS-34).
  if (player.registrationStatus !== 'PLAYER') throw new AppError('FORBIDDEN', 'Please finish signing up first');
  // The casino card and the population-register ID check exist only where the register does: an
  // Irish or British player identifies with a document and a proof of address (issue 27).
  if (identitySchemeFor(player.country, deps.registerCountries) !== 'REGISTER') {
    throw new AppError('FORBIDDEN', 'Please identify with your passport, driving licence or national identity card');
  }
  return player;
}

/** DIS-09: what the identification page shows — the flows, or the note that documents await review. */
export async function identificationStatus(db: Db, partyId: string, registerCountries: readonly string[]): Promise<GetIdentificationStatusResponse> {
  const player = await findPlayer(db, partyId);
  if (!player) throw new AppError('NOT_FOUND', 'Player not found');
  const registrationStatus = player.registrationStatus === 'PLAYER' ? 'PLAYER' : 'QUICK_REG';
  return {
    status: 'SUCCESS',
    registrationStatus,
    kycStatus: player.kycStatus,
    mayPlayForReal: mayPlayForReal({ registrationStatus, kycStatus: player.kycStatus }),
    documentsAwaitingReview: await hasDocumentsAwaitingReview(db, partyId),
    identityScheme: identitySchemeFor(player.country, registerCountries),
  };
}

/** KYC-23, KYC-24: the casino access card's holder, from the identity provider. */
export async function userKycInfo(deps: IdentificationDeps, partyId: string, cardId: string): Promise<GetUserKycInfoResponse> {
  const player = await playerToIdentify(deps, partyId);
  const key = `identification-card:${partyId}`;
  const attempt = await takeSlots(deps.db, [{ key, rule: identificationThrottle.unknownCards }]);
  const result = await deps.kyc.lookupCard({
    partyId,
    cardId,
    holder: {
      firstName: player.firstName,
      lastName: player.lastName,
      birthDate: player.birthDate,
      address: player.address,
      postalCode: player.postalCode,
      city: player.city,
      country: player.country,
    },
  });
  if (result.status !== 'NOT_FOUND') await attempt.giveBack();
  if (result.status === 'SUCCESS') return { status: 'SUCCESS', info: result.info };
  return { status: result.status, info: null };
}

/**
 * KYC-25, KYC-27, KYC-28: the provider checks the card or identity document; a pass moves the
 * player's kycStatus to PASS (they may play for real), a failure leaves it and answers KYCFAILED
 * so the page offers the document upload (KYC-34). Gender and country stay the player's own
 * (DEF-02): this check never writes them.
 */
export async function userKycCheck(
  deps: IdentificationDeps,
  partyId: string,
  body: z.output<typeof userKycCheckRequestSchema>,
): Promise<{ status: 'SUCCESS'; kycStatus: string }> {
  const player = await playerToIdentify(deps, partyId);
  if (mayPlayForReal(player)) throw new AppError('REGISTRATION_ALREADY_COMPLETE', 'Your identity is already verified');
  const key = `identification-check:${partyId}`;
  const attempt = await takeSlots(deps.db, [{ key, rule: identificationThrottle.failedChecks }]);
  const result = await deps.kyc.checkSubmittedIdentity({
    partyId,
    type: body.type,
    token: body.token,
    identifierValue: body.identifierValue,
    identifierKind: body.identifierKind,
    identifier: body.identifier,
    extraFields: Object.fromEntries(Object.entries(body.extraFields).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    player: { firstName: player.firstName, lastName: player.lastName, birthDate: player.birthDate, country: player.country },
  });
  deps.logger.info(
    { partyId, type: body.type, outcome: result.outcome, provider: deps.kyc.id, reference: result.reference, publicFigure: body.publicFigure },
    'identification check finished',
  );
  if (result.outcome !== 'PASS') {
    throw new AppError('KYCFAILED', 'Authentication failed. Please upload a copy of your document for identification.');
  }
  await attempt.giveBack();
  const changes: Partial<NewPlayer> = { kycStatus: 'PASS' };
  // The checked document stays on the account (issue 27); a card check has no document number to keep.
  if (body.type === 'ID') {
    Object.assign(changes, {
      identityDocumentType: body.identifier ?? 'IDENTITY_CARD',
      identityDocumentNumber: body.identifierValue,
      identityDocumentCountry: player.country,
      identityDocumentExpiry: body.expiryDate ?? null,
    });
  }
  await updatePlayer(deps.db, partyId, changes);
  return { status: 'SUCCESS', kycStatus: 'PASS' };
}

export type { UserKycCheckRequest };
