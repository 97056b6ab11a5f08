import { useSyncExternalStore } from 'react';
import type { LockType } from '../../../../contracts/platform/limits/limits';

/**
 * A lock that has just been set (RG-57…59). It outlives the screen that set it: the server has
 * ended every session, so the page, the wallet and the account route all go away while the
 * notice stays up over the home page.
 */
export interface LockNotice {
  lockType: LockType;
  lockEndDate: string;
}

let current: LockNotice | null = null;
const listeners = new Set<() => void>();

function publish(next: LockNotice | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function showLockNotice(notice: LockNotice): void {
  publish(notice);
}

export function clearLockNotice(): void {
  publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLockNotice(): LockNotice | null {
  return useSyncExternalStore(subscribe, () => current);
}
