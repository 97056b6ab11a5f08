// The throttle module's public face: limits counted in the database, shared by every node, each
// decided in one statement (`takeSlots`).
export {
  ThrottledError,
  clearAttempts,
  signInChecks,
  takeSlot,
  takeSlots,
  throttleRules,
  type TakenSlots,
  type ThrottleCheck,
  type ThrottleRule,
} from './throttle';
