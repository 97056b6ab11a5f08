import { useSyncExternalStore } from 'react';

/** DIS-10: the wallet's mobile layout runs from 320 to 961 px. */
const compactQuery = '(max-width: 961px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(compactQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useCompactWallet(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(compactQuery).matches);
}
