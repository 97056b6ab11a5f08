import { options } from 'preact';

/**
 * A render's effects run before the next key or press is handled, as React runs them; Preact's own
 * schedule runs them only after the next paint. The portal's layered parts (Radix dialogs, selects,
 * menus) say which layer is on top, and listen for Escape, in effects: an Escape in the frame after a
 * list opened went to the dialog under it and closed the wallet with the list still open. Effects
 * still wait for the paint when no input comes first; the fallback after 35 ms is Preact's.
 */
const inputs = ['keydown', 'pointerdown', 'touchstart'] as const;
const listening: AddEventListenerOptions = { capture: true, passive: true };

options.requestAnimationFrame = (flushEffects) => {
  let flushed = false;
  let afterPaint: ReturnType<typeof setTimeout> | undefined;
  const flushOnce = () => {
    if (flushed) return;
    flushed = true;
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    clearTimeout(afterPaint);
    for (const type of inputs) window.removeEventListener(type, flushOnce, listening);
    flushEffects();
  };
  const painted = () => {
    clearTimeout(fallback);
    cancelAnimationFrame(frame);
    afterPaint ??= setTimeout(flushOnce);
  };
  const fallback = setTimeout(painted, 35);
  const frame = requestAnimationFrame(painted);
  // On the window's capture phase: before any listener on the document or in the page sees the input.
  for (const type of inputs) window.addEventListener(type, flushOnce, listening);
};
