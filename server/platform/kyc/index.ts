// The identity-check module's public face: the provider interface, the sandbox and Onfido adapters,
// the registry that picks them (issue 31) and the staff review of checks a provider referred.
export type {
  CardHolderInfo,
  CardLookupResult,
  IdentityCheckInput,
  IdentityCheckResult,
  KycProvider,
  KycProviders,
  SubmittedIdentityCheck,
  SubmittedIdentityResult,
} from '../../providers/kyc-provider';
export { SandboxKycProvider, createKycProvider, sandboxKycTestValues } from './sandbox-kyc-provider';
export { OnfidoKycProvider } from './onfido-kyc-provider';
export { createKycProviders } from './kyc-providers';
export { checksAwaitingReview, kycStatusOfDecision, reviewReferredCheck } from './kyc-checks';
export { reconcileKycChecks, startKycReconciler } from './kyc-reconciler';
