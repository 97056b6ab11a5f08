import { useSyncExternalStore } from 'react';

/**
 * Whether the messages modal is open (NAV-71). Kept outside the navigation sidebar, which closes
 * as the modal opens, so the layout can hold the modal.
 */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openMessages = () => set(true);
export const closeMessages = () => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMessagesModalOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}
