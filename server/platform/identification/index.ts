/**
 * The identification module's public face (spec 001 §2 Identification page, KYC-*): its routes and
 * the checks as services. The checks themselves are the identity provider's (server/platform/kyc).
 */
export { identificationStatus, userKycCheck, userKycInfo } from './identification.service';
