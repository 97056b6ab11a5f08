// The Onfido simulator's public face (issue 31): started by the identity adapter's tests and by
// `npm run sandbox:onfido` for an operator who points ONFIDO_API_URL at it.
export {
  onfidoSignature,
  onfidoTestValues,
  startOnfidoSimulator,
  type OnfidoApplicantRecord,
  type OnfidoCheckRecord,
  type OnfidoDelivery,
  type OnfidoReportRecord,
  type OnfidoSimulator,
  type OnfidoSimulatorOptions,
  type OnfidoWebhookSent,
} from './onfido-simulator';
