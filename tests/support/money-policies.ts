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

/**
 * Runs `policy` in place of the policy of the same name in `db`'s wallet (a module's policy built
 * with settings of the test's own, such as the loyalty programme's rates); answers a function that
 * puts back the one it replaced, whatever replaced it meanwhile.
 */
export function replaceMoneyPolicy(db: Db, policy: MoneyPolicy): () => void {
  const replaced = walletOf(db).policies.find((each) => each.name === policy.name);
  if (!replaced) throw new Error(`no money policy named ${policy.name} runs on this database`);
  const swap = (next: MoneyPolicy) =>
    attachWallet(db, createWallet({ policies: walletOf(db).policies.map((each) => (each.name === next.name ? next : each)) }));
  swap(policy);
  return () => swap(replaced);
}
