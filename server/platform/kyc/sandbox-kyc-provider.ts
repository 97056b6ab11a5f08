import { randomUUID } from 'node:crypto';
import type {
  CardLookupResult,
  IdentityCheckInput,
  IdentityCheckResult,
  KycProvider,
  SubmittedIdentityCheck,
  SubmittedIdentityResult,
} from '../../providers/kyc-provider';

/**
 * The sandbox identity service. Ordinary data passes; these last names give the other documented
 * outcomes, like a payment provider's test cards (listed in the README):
 *
 * | last name      | outcome          | kycStatus        |
 * | `Refer`        | ID_CHECK_LOCK    | ID_CHECK_LOCK    | identity not confirmed: documents needed
 * | `Underage`     | KYC_FAILED_LOCK  | KYC_FAILED_LOCK  | age not confirmed: manual check running
 * | anything else  | SUCCESS          | EXPERIAN_PASS    |
 */
export const sandboxKycTestValues = {
  referLastName: 'Refer',
  ageFailLastName: 'Underage',
  /**
   * The identification page's checks (README "Sandbox identity checks"): casino access cards
   * beginning 404 are not found, 500 make the card service fail, 666 are found but their check
   * fails; identity-document numbers beginning 000000 fail the check. Everything else passes.
   */
  cardNotFoundPrefix: '404',
  cardErrorPrefix: '500',
  cardCheckFailPrefix: '666',
  documentFailPrefix: '000000',
} as const;

const TOKEN_PREFIX = 'sbx-card.';

export class SandboxKycProvider implements KycProvider {
  readonly id = 'sandbox';

  async checkIdentity(input: IdentityCheckInput): Promise<IdentityCheckResult> {
    const reference = `sandbox-${randomUUID()}`;
    const lastName = input.lastName.trim().toLowerCase();
    if (lastName === sandboxKycTestValues.referLastName.toLowerCase()) {
      return { outcome: 'ID_CHECK_LOCK', kycStatus: 'ID_CHECK_LOCK', reference };
    }
    if (lastName === sandboxKycTestValues.ageFailLastName.toLowerCase()) {
      return { outcome: 'KYC_FAILED_LOCK', kycStatus: 'KYC_FAILED_LOCK', reference };
    }
    return { outcome: 'SUCCESS', kycStatus: 'EXPERIAN_PASS', reference };
  }

  /** The sandbox's card register holds every card: its holder is the player asking, as the casino registered them. */
  async lookupCard(input: Parameters<KycProvider['lookupCard']>[0]): Promise<CardLookupResult> {
    if (input.cardId.startsWith(sandboxKycTestValues.cardNotFoundPrefix)) return { status: 'NOT_FOUND' };
    if (input.cardId.startsWith(sandboxKycTestValues.cardErrorPrefix)) return { status: 'GENERIC_ERROR' };
    const { holder } = input;
    return {
      status: 'SUCCESS',
      info: {
        // A token names the card and the player it was looked up for, so it cannot verify someone else.
        token: `${TOKEN_PREFIX}${Buffer.from(JSON.stringify([input.cardId, input.partyId])).toString('base64url')}`,
        firstName: holder.firstName ?? '',
        lastName: holder.lastName ?? '',
        address: holder.address ?? '',
        zipCode: holder.postalCode ?? '',
        city: holder.city ?? '',
        country: holder.country ?? '',
        birthDate: holder.birthDate ?? '',
        extraFields: { birthName: holder.firstName ?? '', motherName: '', birthPlace: holder.city ?? '' },
      },
    };
  }

  async checkSubmittedIdentity(input: SubmittedIdentityCheck): Promise<SubmittedIdentityResult> {
    const reference = `sandbox-${randomUUID()}`;
    if (input.type === 'OTHER') {
      const card = readToken(input.token);
      const passes =
        card !== null &&
        card.partyId === input.partyId &&
        card.cardId === input.identifierValue &&
        !card.cardId.startsWith(sandboxKycTestValues.cardCheckFailPrefix);
      return { outcome: passes ? 'PASS' : 'KYC_FAILED', reference };
    }
    const lastName = (input.extraFields.LAST_NAME ?? '').trim().toLowerCase();
    const registered = (input.player.lastName ?? '').trim().toLowerCase();
    // The document must be the registered player's: a different surname fails, as would a real register.
    const samePerson = registered === '' || lastName === '' || lastName === registered;
    const passes = samePerson && !input.identifierValue.startsWith(sandboxKycTestValues.documentFailPrefix);
    return { outcome: passes ? 'PASS' : 'KYC_FAILED', reference };
  }
}

function readToken(token: string): { cardId: string; partyId: string } | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token.slice(TOKEN_PREFIX.length), 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') return { cardId: parsed[0], partyId: parsed[1] };
  } catch {
    return null;
  }
  return null;
}

export function createKycProvider(name: 'sandbox'): KycProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxKycProvider();
  }
}
