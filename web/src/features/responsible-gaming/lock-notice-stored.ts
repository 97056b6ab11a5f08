/** Where a lock notice crosses the reload to the home page (./lock-notice). */
export const lockNoticeStorageKey = 'emerald.lockNotice';

/**
 * Whether a lock notice waits to be shown. The main layout asks this before it loads the
 * responsible-gaming host for a visitor: the host (reality check, limits prompt, lock notice) has
 * nothing else to show someone who is not signed in, so a visitor's page goes without its chunks.
 */
export function lockNoticeStored(): boolean {
  try {
    return window.sessionStorage.getItem(lockNoticeStorageKey) !== null;
  } catch {
    return false;
  }
}
