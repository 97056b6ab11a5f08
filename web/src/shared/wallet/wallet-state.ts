import { createContext, useContext } from 'react';

/** The wallet modal's tabs (WALLET-01), in their order. */
export const walletTabs = ['deposit', 'withdrawal', 'history', 'bonuses', 'limits'] as const;
export type WalletTab = (typeof walletTabs)[number];

export interface WalletControls {
  /** The open wallet and its tab, or null. */
  open: { tab: WalletTab } | null;
  /** Opens the wallet on a tab without any check: callers go through `useOpenWallet`. */
  show(tab: WalletTab): void;
  selectTab(tab: WalletTab): void;
  close(): void;
}

export const WalletContext = createContext<WalletControls | null>(null);

export function useWallet(): WalletControls {
  const controls = useContext(WalletContext);
  if (!controls) throw new Error('useWallet is used outside WalletProvider');
  return controls;
}
