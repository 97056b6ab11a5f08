// The identification area's public face (spec 001 §2 Identification page, KYC-*, DIS-09): the
// page at /identification and the /doc-confirmation and /verify pages.
export { IdentificationPage } from './components/identification-page';
export { DocConfirmationPage, VerifyPage } from './components/status-pages';
