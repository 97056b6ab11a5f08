// The national exclusion register module's public face (issue 12): the provider interface, the
// sandbox registers, the GAMSTOP v2 adapter (issue 29 item 6), the screening at sign-up and login,
// which stores every answer it gets, and the daily batch re-check.
export {
  registerFor,
  type ExclusionRegisterCheck,
  type ExclusionRegisterProvider,
  type RegisterAnswer,
  type RegisterBatchEntry,
  type RegisterBatchResult,
  type RegisterName,
  type RegisterReply,
} from '../../providers/exclusion-register-provider';
export { SandboxExclusionRegister, sandboxExclusionRegisterTestValues } from './sandbox-exclusion-register';
export { createExclusionRegister, type ExclusionRegisterSettings } from './create-exclusion-register';
export { GamstopExclusionRegister, gamstopBatches, realClock, type GamstopOptions, type PacingClock } from './gamstop-exclusion-register';
export {
  recordScreening,
  registerSettings,
  registersFor,
  screenLogin,
  screenSignup,
  type PersonToScreen,
  type RegisterOutcome,
  type ScreeningPlace,
} from './register-screening';
export { playerRegisterChecks, recheckRegister, recheckRuns, type RecheckPerson, type RecheckSummary } from './register-recheck';
