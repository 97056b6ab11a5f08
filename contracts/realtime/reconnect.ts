/**
 * How long a real-time client waits before its next reconnection, shared by the portal and the game
 * client. Exponential (each failure in a row doubles the ceiling, from `firstMs` up to `maxMs`)
 * and jittered: the wait is drawn between half the ceiling and the whole of it. When a node
 * restarts it closes thousands of sockets at once (1012); without the draw they would all come
 * back in the same instant, and again at each step of the back-off.
 */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 500, maxMs: 10_000 };

/** The wait before reconnection number `attempt` (0 for the first after a close); `random` in [0, 1). */
export function reconnectDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  return jitteredMs(Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(attempt, 30)), random);
}

/** A wait drawn between half of `ceilingMs` and the whole of it, for clients with their own schedule of ceilings. */
export function jitteredMs(ceilingMs: number, random: () => number = Math.random): number {
  return Math.round(ceilingMs / 2 + random() * (ceilingMs / 2));
}
