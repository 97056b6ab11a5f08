// The national exclusion register module's public face (issue 12): the provider interface, the
// sandbox registers and the screening at sign-up and login, which stores every answer it gets.
export { registerFor, type ExclusionRegisterCheck, type ExclusionRegisterProvider, type RegisterAnswer, type RegisterName } from './exclusion-register';
export { SandboxExclusionRegister, createExclusionRegister, sandboxExclusionRegisterTestValues } from './sandbox-exclusion-register';
export { recordScreening, registerSettings, registersFor, screenLogin, screenSignup, type PersonToScreen, type RegisterOutcome, type ScreeningPlace } from './register-screening';
