import type { Db } from '../../db/database';

/** A player's spendable loyalty points: the loyalty module's, shown with the balances (the wallet does not import it). */
export type LoyaltyPointsSource = (db: Db, playerId: string) => Promise<bigint>;

/** What the wallet's routes are handed by the composition root (platform.plugin.ts). */
export interface WalletDependencies {
  /** Points shown beside each balance; without a source, none. */
  loyaltyPoints?: LoyaltyPointsSource;
}
