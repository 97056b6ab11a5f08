import { describeApiFailure } from '../../../shared/api/api-failure';

/** What a flow ended with; the page shows the matching dialog (spec 001 §4, §8). */
export type FlowOutcome = 'identified' | 'documents' | 'authFailed' | 'completionFailed';

/** KYC-34, KYC-36: a failed identity check (KYCFAILED / KYC_FAILED) offers the document upload; anything else failed the completion. */
export function failureOutcome(error: unknown): FlowOutcome {
  const { status } = describeApiFailure(error);
  return status === 'KYCFAILED' || status === 'KYC_FAILED' ? 'authFailed' : 'completionFailed';
}
