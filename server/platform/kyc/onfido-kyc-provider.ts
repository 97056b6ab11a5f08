import { CountryCodes, DefaultApi, Configuration, Region, ReportName, WebhookEventVerifier, type AddressBuilder } from '@onfido/api';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { WebhookFormatError, WebhookSignatureError } from '../../providers/payment-provider';
import type {
  CardLookupResult,
  IdentityCheckInput,
  IdentityCheckResult,
  IdentityWebhookEvent,
  KycProvider,
  ProviderCheckOutcome,
  SubmittedIdentityResult,
} from '../../providers/kyc-provider';
import { applyDecidedCheck, recordCheck } from './kyc-checks';

export interface OnfidoOptions {
  apiToken: string;
  /** The webhook's tokens: the current one first; during a rotation the old one too. */
  webhookTokens: readonly string[];
  /** The simulator's address (…/v3.6); empty for Onfido's own API in `region`. */
  apiUrl?: string | undefined;
  region: 'EU' | 'US' | 'CA';
  db: Db;
  logger: Logger;
}

/** Onfido's addresses take ISO 3166 alpha-3 countries; the jurisdictions Emerald signs up. */
const ALPHA3: Record<string, string> = {
  IE: 'IRL',
  GB: 'GBR',
  MK: 'MKD',
  DE: 'DEU',
  FR: 'FRA',
  ES: 'ESP',
  IT: 'ITA',
  NL: 'NLD',
  SE: 'SWE',
  MT: 'MLT',
  HU: 'HUN',
  AT: 'AUT',
};
const alpha3Codes = new Set<string>(Object.values(CountryCodes));

/** Report sub-results Onfido uses for a document it found fraudulent or unusable: the check is rejected. */
const REJECTING_SUB_RESULTS = new Set(['rejected', 'suspected']);

/**
 * The identity-verification adapter on Onfido's official package (`@onfido/api`; issue 31,
 * docs/onfido-adapter.md). Sign-up creates an applicant from the registered details and an
 * `identity_enhanced` check on it, and records the check; Onfido decides later and says so by a
 * webhook signed with X-SHA2-Signature, whose check is then read back from the API and mapped:
 * clear → VERIFIED, consider → REFER (staff review), consider with a rejected or suspected report
 * → REJECTED. The SDK's host is ONFIDO_API_URL, so the simulator (server/sandbox/onfido) stands in.
 */
export class OnfidoKycProvider implements KycProvider {
  readonly id = 'onfido';
  private readonly api: DefaultApi;
  private readonly verifiers: WebhookEventVerifier[];

  constructor(private readonly options: OnfidoOptions) {
    this.api = new DefaultApi(
      new Configuration({ apiToken: options.apiToken, region: Region[options.region], basePath: options.apiUrl, baseOptions: { timeout: 10_000 } }),
    );
    this.verifiers = options.webhookTokens.map((token) => new WebhookEventVerifier(token));
  }

  async checkIdentity(input: IdentityCheckInput): Promise<IdentityCheckResult> {
    const country = ALPHA3[input.country];
    const address: AddressBuilder | undefined =
      country && alpha3Codes.has(country)
        ? { street: input.address.slice(0, 32), town: input.city, postcode: input.postalCode ?? '', country: country as CountryCodes }
        : undefined;
    let check;
    try {
      const applicant = (
        await this.api.createApplicant({ first_name: input.firstName, last_name: input.lastName, dob: input.birthDate, ...(address ? { address } : {}) })
      ).data;
      check = (await this.api.createCheck({ applicant_id: applicant.id, report_names: [ReportName.IdentityEnhanced], tags: [`party:${input.partyId}`] })).data;
    } catch (error) {
      // Nothing is written before the check exists: the player stays at step 2 and may send it again.
      const status = (error as { response?: { status?: number } }).response?.status ?? null;
      this.options.logger.warn(
        { provider: this.id, status, err: error instanceof Error ? error.message : String(error) },
        'kyc: Onfido did not create the check',
      );
      throw new AppError('SERVICE_UNAVAILABLE', 'Identity verification is not available right now. Please try again in a few minutes.');
    }
    await recordCheck(this.options.db, { provider: this.id, checkId: check.id, applicantId: check.applicant_id, playerId: input.partyId });
    // Registered, not yet verified: real play waits for the decision (DIS-01). The portal's answer
    // for a check still running is KYC_FAILED_LOCK (SIGNUP-36: "an age verification check is running").
    return { outcome: 'KYC_FAILED_LOCK', kycStatus: 'NOT_CHECKED', reference: check.id };
  }

  afterRegistration(partyId: string): Promise<void> {
    return applyDecidedCheck(this.options.db, partyId);
  }

  /** Onfido keeps no casino-card register: the look-up answers GENERIC_ERROR, which hides the card tab (KYC-07). */
  async lookupCard(): Promise<CardLookupResult> {
    return { status: 'GENERIC_ERROR' };
  }

  /**
   * The register check of a typed document number (REGISTER countries only; IDENTITY_REGISTER_COUNTRIES)
   * is a national register's, not Onfido's: refused, so such players upload their document instead.
   */
  async checkSubmittedIdentity(): Promise<SubmittedIdentityResult> {
    this.options.logger.warn('kyc: a register identity check was asked of onfido, which has no national register');
    return { outcome: 'KYC_FAILED', reference: 'onfido-no-register' };
  }

  readonly webhooks = {
    parseWebhook: (rawBody: Buffer, headers: Record<string, string | string[] | undefined>): IdentityWebhookEvent => {
      const header = headers['x-sha2-signature'];
      const signature = Array.isArray(header) ? header[0] : header;
      if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) throw new WebhookSignatureError();
      let body: unknown;
      // Every token of a rotation is tried; the SDK's verifier compares in constant time.
      for (const verifier of this.verifiers) {
        try {
          body = verifier.readPayload(rawBody.toString('utf8'), signature);
          break;
        } catch (error) {
          if (error instanceof SyntaxError) throw new WebhookFormatError('the body is not JSON');
        }
      }
      if (body === undefined) throw new WebhookSignatureError();
      const payload = (body as { payload?: { resource_type?: unknown; action?: unknown; object?: { id?: unknown } } }).payload;
      if (!payload || typeof payload.action !== 'string' || typeof payload.resource_type !== 'string' || typeof payload.object?.id !== 'string') {
        throw new WebhookFormatError('not an Onfido event (payload.resource_type, action and object.id)');
      }
      const objectId = payload.object.id;
      return {
        eventId: `${payload.action}:${objectId}`,
        action: payload.action,
        checkId: payload.resource_type === 'check' ? objectId : null,
        payload: body as Record<string, unknown>,
      };
    },

    checkOutcome: async (checkId: string): Promise<ProviderCheckOutcome> => {
      const check = (await this.api.findCheck(checkId)).data;
      if (check.status !== 'complete' || !check.result) return { state: 'PENDING' };
      if (check.result === 'clear') return { state: 'DECIDED', decision: 'VERIFIED', result: 'clear', subResult: null };
      const reports = (await this.api.listReports(checkId)).data.reports as { sub_result?: string | null; result?: string | null }[];
      const subResult = reports.map((report) => report.sub_result).find((value): value is string => typeof value === 'string' && value !== 'clear') ?? null;
      const rejected = subResult !== null && REJECTING_SUB_RESULTS.has(subResult);
      return { state: 'DECIDED', decision: rejected ? 'REJECTED' : 'REFER', result: check.result, subResult };
    },
  };
}
