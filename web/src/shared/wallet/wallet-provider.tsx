import { useMemo, useState, type ReactNode } from 'react';
import { WalletContext, type WalletControls, type WalletTab } from './wallet-state';

/** Whether the wallet modal is open, and on which tab; the modal itself loads when first opened. */
export function WalletProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ tab: WalletTab } | null>(null);
  const controls = useMemo<WalletControls>(
    () => ({
      open,
      show: (tab) => setOpen({ tab }),
      selectTab: (tab) => setOpen((current) => (current ? { tab } : current)),
      close: () => setOpen(null),
    }),
    [open],
  );
  return <WalletContext.Provider value={controls}>{children}</WalletContext.Provider>;
}
