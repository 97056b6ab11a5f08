import type { KycStatus } from '../../contracts/platform/accounts/identity-gate';
import type { SignupCompletionStatus } from '../../contracts/platform/accounts/quick-signup-completion';

export interface IdentityCheckInput {
  partyId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  address: string;
  city: string;
  postalCode?: string | undefined;
  country: string;
}

export interface IdentityCheckResult {
  /** What sign-up completion answers (CONST-05). */
  outcome: SignupCompletionStatus;
  /** The player's kycStatus afterwards: EXPERIAN_PASS when the electronic check passed. */
  kycStatus: KycStatus;
  /** The provider's own reference for the check, kept for the operator. */
  reference: string;
}

/** An electronic identity and age verification service (KYC), which also checks what the identification page submits. */
export interface KycProvider extends IdentityDocumentProvider {
  readonly id: string;
  checkIdentity(input: IdentityCheckInput): Promise<IdentityCheckResult>;
}

/** KYC-24: what an identity provider knows of a casino access card's holder; it pre-fills the identification form. */
export interface CardHolderInfo {
  token: string;
  firstName: string;
  lastName: string;
  address: string;
  zipCode: string;
  city: string;
  country: string;
  birthDate: string;
  extraFields: { birthName: string; motherName: string; birthPlace: string };
}

/** KYC-23, KYC-07: a card look-up; NOT_FOUND and GENERIC_ERROR hide the Casino Access Card tab. */
export type CardLookupResult = { status: 'SUCCESS'; info: CardHolderInfo } | { status: 'NOT_FOUND' } | { status: 'GENERIC_ERROR' };

/** KYC-28: the identification flow's check of a card (OTHER, with the look-up's token) or an identity document (ID). */
export interface SubmittedIdentityCheck {
  partyId: string;
  type: 'OTHER' | 'ID';
  token: string;
  identifierValue: string;
  identifierKind: 'CASINO_CARD' | 'DOCUMENT_IDENTIFIER';
  /** The identity document, for DOCUMENT_IDENTIFIER (KYC-10). */
  identifier?: 'IDENTITY_CARD' | 'PASSPORT' | 'driving_license' | undefined;
  extraFields: Record<string, string>;
  /** The player as registered, whom the document must belong to. */
  player: { firstName: string | null; lastName: string | null; birthDate: string | null; country: string | null };
}

export interface SubmittedIdentityResult {
  outcome: 'PASS' | 'KYC_FAILED';
  reference: string;
}

/** The identification page's checks (spec 001 §7 "Documents and identity"); see the sandbox for test values. */
export interface IdentityDocumentProvider {
  lookupCard(input: { partyId: string; cardId: string; holder: { firstName: string | null; lastName: string | null; birthDate: string | null; address: string | null; postalCode: string | null; city: string | null; country: string | null } }): Promise<CardLookupResult>;
  checkSubmittedIdentity(input: SubmittedIdentityCheck): Promise<SubmittedIdentityResult>;
}
