// The identity-check module's public face: the provider interface and the sandbox that implements it.
export type { CardHolderInfo, CardLookupResult, IdentityCheckInput, IdentityCheckResult, KycProvider, SubmittedIdentityCheck, SubmittedIdentityResult } from '../../providers/kyc-provider';
export { SandboxKycProvider, createKycProvider, sandboxKycTestValues } from './sandbox-kyc-provider';
