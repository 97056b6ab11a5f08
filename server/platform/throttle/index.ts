// The throttle module's public face: failure counters shared by every node.
export { ThrottledError, assertNotThrottled, clearAttempts, recordAttempt, retryAfter, throttleRules, type ThrottleRule } from './throttle';
