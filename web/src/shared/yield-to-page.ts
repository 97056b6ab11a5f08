interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task; resolves in a new one, ahead of other queued tasks where the browser can
 * (`scheduler.yield`). Start-up work cut at these points is several short tasks instead of one
 * long one, between which the browser paints and handles input: on a slow phone each piece is
 * tens of milliseconds, all of them at once hundreds (Lighthouse's total blocking time).
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
