import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { listenForNotices, type NoticeListener } from '../../db/notice-listener';
import { BALANCE_CHANNEL } from './ledger';

/**
 * Balance changes, across nodes: every ledger movement names the players whose balances it
 * changed with `pg_notify('wallet_balance', playerId)` inside its own transaction (ledger.ts), so
 * the notice is delivered only when the movement commits, to every node that listens. On
 * PostgreSQL each node holds one dedicated LISTEN connection (outside the pool), reconnecting with
 * back-off when it drops; on PGlite the embedded database's own listen/notify is used. Listening
 * starts with the first subscriber.
 */
export interface BalanceEvents {
  /**
   * Calls `listener` after every committed movement that changed this player's balances, and
   * after a lost listening connection came back (notices may have been missed meanwhile).
   * Returns the function that unsubscribes.
   */
  subscribe(playerId: string, listener: () => void): Promise<() => void>;
  close(): Promise<void>;
}

export function createBalanceEvents(database: Database, logger: Logger): BalanceEvents {
  const listeners = new Map<string, Set<() => void>>();
  let started: Promise<NoticeListener> | undefined;
  let closed = false;

  const notifyPlayer = (playerId: string) => {
    for (const listener of listeners.get(playerId) ?? []) listener();
  };
  const notifyEveryone = () => {
    for (const set of listeners.values()) for (const listener of set) listener();
  };

  return {
    async subscribe(playerId, listener) {
      const set = listeners.get(playerId) ?? new Set();
      set.add(listener);
      listeners.set(playerId, set);
      if (!closed) {
        // Subscribers still get their first balance; notices follow once listening works.
        started ??= listenForNotices(database, logger, {
          channel: BALANCE_CHANNEL,
          label: 'balance events',
          onNotice: notifyPlayer,
          onListenAgain: notifyEveryone,
        });
        await started.catch((error: unknown) => logger.warn({ err: error }, 'balance events: cannot listen'));
      }
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(playerId) === set) listeners.delete(playerId);
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      const listener = await started?.catch(() => undefined);
      await listener?.stop().catch(() => undefined);
    },
  };
}
