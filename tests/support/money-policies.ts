import type { Db } from '../../server/db/database';
import { attachWallet, createWallet, walletOf, type MoneyPolicy } from '../../server/platform/wallet/index';

/**
 * Runs `policy` after the policies of `db`'s wallet from now on, for a test; answers a function
 * that takes it out again (whatever was added or taken out meanwhile). The wallet is replaced, not
 * changed: a server's wallet is a value built in the composition root.
 */
export function addMoneyPolicy(db: Db, policy: MoneyPolicy): () => void {
  attachWallet(db, createWallet({ policies: [...walletOf(db).policies, policy] }));
  return () => {
    attachWallet(db, createWallet({ policies: walletOf(db).policies.filter((each) => each !== policy) }));
  };
}
