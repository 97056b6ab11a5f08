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
  /**
   * The sign-up check. A provider deciding at once answers the outcome; one deciding later by
   * webhook (Onfido) records its check and answers kycStatus NOT_CHECKED until the decision.
   */
  checkIdentity(input: IdentityCheckInput): Promise<IdentityCheckResult>;
  /**
   * Called once the sign-up has written the player: a decision that arrived while it was being
   * written (the player was not yet registered) is applied now. Absent: the provider decides at once.
   */
  afterRegistration?(partyId: string): Promise<void>;
  /** A provider that sends its decisions by signed webhook (issue 31). */
  readonly webhooks?: IdentityWebhooks;
}

/** What a decision of the provider means here (docs/onfido-adapter.md). */
export type IdentityDecision = 'VERIFIED' | 'REFER' | 'REJECTED';

/** The provider's view of one check: its API is the truth, whatever order the webhooks came in. */
export type ProviderCheckOutcome = { state: 'PENDING' } | { state: 'DECIDED'; decision: IdentityDecision; result: string; subResult: string | null };

/** One verified webhook event: `eventId` is the provider's id for it, on which it is deduplicated. */
export interface IdentityWebhookEvent {
  eventId: string;
  action: string;
  /** The check the event is about; null for an event about something else (acknowledged, not acted on). */
  checkId: string | null;
  payload: Record<string, unknown>;
}

export interface IdentityWebhooks {
  /**
   * Checks the signature over the raw body (every configured token, constant time) and reads it.
   * Throws WebhookSignatureError for a missing or wrong signature, WebhookFormatError for a body
   * that is not one of the provider's events.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): IdentityWebhookEvent;
  /** Asks the provider's API how the check stands. */
  checkOutcome(checkId: string): Promise<ProviderCheckOutcome>;
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
  lookupCard(input: {
    partyId: string;
    cardId: string;
    holder: {
      firstName: string | null;
      lastName: string | null;
      birthDate: string | null;
      address: string | null;
      postalCode: string | null;
      city: string | null;
      country: string | null;
    };
  }): Promise<CardLookupResult>;
  checkSubmittedIdentity(input: SubmittedIdentityCheck): Promise<SubmittedIdentityResult>;
}

/** The identity providers running on this node (issue 31): `active` starts new checks; the others still take their webhooks. */
export interface KycProviders {
  readonly active: KycProvider;
  readonly all: readonly KycProvider[];
  get(id: string): KycProvider | undefined;
}
