import { useSyncExternalStore } from 'react';

/**
 * The limits prompt at registration (issue 12): the sign-up marks it when step 2 succeeds, and the
 * main layout shows the card once the session is the registered player's. A module flag, not
 * router state, because the sign-up page's own redirect home can win the race with its navigate.
 */
let offered = false;
const listeners = new Set<() => void>();

function publish(next: boolean): void {
  offered = next;
  for (const listener of listeners) listener();
}

/** Sign-up completed: offer the limits once. */
export function offerLimitsAfterSignup(): void {
  publish(true);
}

export function dismissLimitsPrompt(): void {
  publish(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLimitsPromptOffered(): boolean {
  return useSyncExternalStore(subscribe, () => offered);
}
