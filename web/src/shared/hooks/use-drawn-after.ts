import { useEffect, useState } from 'react';

/**
 * False on the first render, true from a task of its own just after it: a part of the page below
 * the fold (the footer, the cookie notice) is drawn in that later task, so the first render, which
 * draws what the visitor sees first, stays short enough not to hold up a tap (issue 17: Lighthouse's
 * blocking time counts each task's time over 50 ms).
 */
export function useDrawnAfterFirstRender(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDrawn(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return drawn;
}
