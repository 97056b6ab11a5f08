/** How many frames a socket may send: `burst` at once, refilled at `perSecond`. */
export interface FrameRate {
  burst: number;
  perSecond: number;
}

/**
 * A token bucket for one socket's incoming frames. A client's legitimate burst is its (re)connect:
 * one subscribe per followed topic (at most the subscription limit), then a frame now and then; a
 * flood is thousands a second, each of which would cost a parse and often a store read.
 */
export function frameBudget(rate: FrameRate, now: () => number = () => performance.now()): { take(): boolean } {
  let tokens = rate.burst;
  let last = now();
  return {
    take() {
      const at = now();
      tokens = Math.min(rate.burst, tokens + ((at - last) / 1000) * rate.perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
