import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import { busOf } from '../bus/nats-bus';
import type { Database } from './database';

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

export interface NoticeListener {
  stop(): Promise<void>;
}

/**
 * LISTEN on one notification channel of the database, for as long as the process runs. On
 * PostgreSQL it holds its own connection outside the pool (a pooled one would be handed to a
 * query), and when that connection is lost (a database restart) it listens again with back-off —
 * 1 s doubling to 30 s — and then calls `onListenAgain`: notices sent while nobody listened are
 * lost, so the caller reads what it follows again from where it is stored. On embedded PGlite
 * its in-process listen is used. Resolves once listening, or once the first try failed and the
 * retries have started (`label` names the listener in the log).
 *
 * With a NATS bus (server/bus/nats-bus.ts) the channel's notices sent through the bus (balance
 * changes, after their commit) are heard there too, and a reconnection to NATS calls
 * `onListenAgain`; LISTEN stays for notices a statement sends itself (session ends).
 */
export async function listenForNotices(
  database: Database,
  logger: Logger,
  options: { channel: string; label: string; onNotice: (payload: string) => void; onListenAgain: () => void },
): Promise<NoticeListener> {
  const bus = busOf(database.db);
  const listener = await listenInDatabase(database, logger, options);
  if (!bus) return listener;
  const unlisten = bus.listen(options.channel, options.onNotice);
  const removeListener = bus.onReconnect(options.onListenAgain);
  return {
    async stop() {
      unlisten();
      removeListener();
      await listener.stop();
    },
  };
}

async function listenInDatabase(
  database: Database,
  logger: Logger,
  options: { channel: string; label: string; onNotice: (payload: string) => void; onListenAgain: () => void },
): Promise<NoticeListener> {
  const { channel, label, onNotice, onListenAgain } = options;
  if (database.driver === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(channel, onNotice);
    return { stop: () => unlisten() };
  }

  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;
  let stopped = false;

  const connect = async () => {
    const client = new pg.Client(pool.options);
    const lost = (error?: Error) => {
      if (current !== client) return;
      current = undefined;
      logger.warn({ err: error }, `${label}: the listening connection was lost; listening again`);
      client.end().catch(() => undefined);
      listenLater();
    };
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) onNotice(message.payload);
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    delay = FIRST_RETRY_MS;
  };

  const listenLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(onListenAgain, (error: unknown) => {
        logger.warn({ err: error, retryInMs: delay }, `${label}: cannot listen yet`);
        delay = Math.min(delay * 2, LONGEST_RETRY_MS);
        listenLater();
      });
    }, delay);
    retry.unref();
  };

  try {
    await connect();
  } catch (error) {
    logger.warn({ err: error }, `${label}: cannot listen yet`);
    listenLater();
  }
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
