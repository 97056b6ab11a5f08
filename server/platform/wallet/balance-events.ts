import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
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

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

export function createBalanceEvents(database: Database, logger: Logger): BalanceEvents {
  const listeners = new Map<string, Set<() => void>>();
  let started: Promise<void> | undefined;
  let closed = false;
  let stopListening: (() => Promise<void>) | undefined;

  const notifyPlayer = (playerId: string) => {
    for (const listener of listeners.get(playerId) ?? []) listener();
  };
  const notifyEveryone = () => {
    for (const set of listeners.values()) for (const listener of set) listener();
  };

  async function listenOnPglite(): Promise<void> {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(BALANCE_CHANNEL, (payload) => notifyPlayer(payload));
    stopListening = () => unlisten();
  }

  async function listenOnPostgres(): Promise<void> {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delay = FIRST_RETRY_MS;

    const connect = async () => {
      const client = new pg.Client(pool.options);
      const lost = (error?: Error) => {
        if (current !== client) return;
        current = undefined;
        logger.warn({ err: error }, 'balance events: the listening connection was lost; reconnecting');
        client.end().catch(() => undefined);
        reconnectLater();
      };
      client.on('notification', (message) => {
        if (message.channel === BALANCE_CHANNEL && message.payload) notifyPlayer(message.payload);
      });
      client.on('error', lost);
      client.on('end', () => lost());
      try {
        await client.connect();
        await client.query(`LISTEN ${BALANCE_CHANNEL}`);
      } catch (error) {
        client.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      delay = FIRST_RETRY_MS;
    };

    const reconnectLater = () => {
      if (closed || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect().then(notifyEveryone, (error: unknown) => {
          logger.warn({ err: error, retryInMs: delay }, 'balance events: cannot listen yet');
          delay = Math.min(delay * 2, LONGEST_RETRY_MS);
          reconnectLater();
        });
      }, delay);
      retry.unref();
    };

    stopListening = async () => {
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    };
    try {
      await connect();
    } catch (error) {
      // Subscribers still get their first balance; notices follow once the connection is back.
      logger.warn({ err: error }, 'balance events: cannot listen yet');
      reconnectLater();
    }
  }

  return {
    async subscribe(playerId, listener) {
      const set = listeners.get(playerId) ?? new Set();
      set.add(listener);
      listeners.set(playerId, set);
      if (!closed) {
        started ??= database.driver === 'pglite' ? listenOnPglite() : listenOnPostgres();
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
      if (started) await started.catch(() => undefined);
      await stopListening?.().catch(() => undefined);
    },
  };
}
