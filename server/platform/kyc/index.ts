// The identity-check module's public face: the provider interface and the sandbox that implements it.
export type { IdentityCheckInput, IdentityCheckResult, KycProvider } from './kyc-provider';
export { SandboxKycProvider, createKycProvider, sandboxKycTestValues } from './sandbox-kyc-provider';
