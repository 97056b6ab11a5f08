/**
 * Toasts without shipping the toast library on the home page: the first toast asks for the toaster,
 * which loads, mounts and then shows everything asked for meanwhile.
 */
export interface Toast {
  tone: 'error' | 'success';
  title: string;
  description?: string;
}

type Show = (toast: Toast) => void;

const waiting: Toast[] = [];
const listeners = new Set<() => void>();
let show: Show | null = null;
let wanted = false;

export function notify(toast: Toast): void {
  if (show) return show(toast);
  waiting.push(toast);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** Called by the mounted toaster; shows whatever waited for it. */
export function attachToaster(next: Show): () => void {
  show = next;
  for (const toast of waiting.splice(0)) next(toast);
  return () => {
    if (show === next) show = null;
  };
}

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToasterWanted(): boolean {
  return wanted;
}
