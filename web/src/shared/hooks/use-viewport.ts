import { useSyncExternalStore } from 'react';

/** NAV-42, NAV-44: mobile up to 600 px, tablet up to 1200 px. */
export type Viewport = 'mobile' | 'tablet' | 'desktop';

const mobile = '(max-width: 600px)';
const tablet = '(max-width: 1200px)';

function subscribe(onChange: () => void): () => void {
  const queries = [window.matchMedia(mobile), window.matchMedia(tablet)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function snapshot(): Viewport {
  if (window.matchMedia(mobile).matches) return 'mobile';
  return window.matchMedia(tablet).matches ? 'tablet' : 'desktop';
}

export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, snapshot);
}
