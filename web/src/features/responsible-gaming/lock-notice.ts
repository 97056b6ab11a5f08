import { useSyncExternalStore } from 'react';
import { lockCashPaybackSchema, lockTypeSchema, type LockCashPayback, type LockType } from '../../../../contracts/platform/limits/limits';
import { homeAddress } from '../../shared/session/api/logout';
import { lockNoticeStorageKey as storageKey } from './lock-notice-stored';

/**
 * A lock that has just been set (RG-57…59, DEF-11). The server has already ended every session of
 * the player, so the portal reloads the home page as its logout does (nothing of the closed
 * account's state outlives it, and no screen of it meets a dead session); the notice crosses the
 * reload in sessionStorage (the lock's type and end date, and for a self-exclusion what happens to
 * the cash: issue 26) and shows over the home page.
 */
export interface LockNotice {
  lockType: LockType;
  lockEndDate: string;
  /** A self-exclusion: what was paid back where and what staff return; null or absent otherwise. */
  cashPayback?: LockCashPayback | null;
}

function stored(): LockNotice | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(storageKey) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null || !('lockType' in parsed) || !('lockEndDate' in parsed)) return null;
    const lockType = lockTypeSchema.safeParse(parsed.lockType);
    if (!lockType.success || typeof parsed.lockEndDate !== 'string') return null;
    const payback = 'cashPayback' in parsed ? lockCashPaybackSchema.safeParse(parsed.cashPayback) : undefined;
    return { lockType: lockType.data, lockEndDate: parsed.lockEndDate, cashPayback: payback?.success ? payback.data : null };
  } catch {
    return null;
  }
}

let current: LockNotice | null = typeof window === 'undefined' ? null : stored();
const listeners = new Set<() => void>();

/** The lock has started: remember the notice and go home, signed out. */
export function showLockNotice(notice: LockNotice): void {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(notice));
  } catch {
    // Without storage the player still goes home signed out; only the notice is lost.
  }
  window.location.assign(homeAddress());
}

export function clearLockNotice(): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored.
  }
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLockNotice(): LockNotice | null {
  return useSyncExternalStore(subscribe, () => current);
}
