import {
  connect,
  DeliverPolicy,
  DiscardPolicy,
  Events,
  JSONCodec,
  nanos,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type NatsConnection,
  type Subscription,
} from 'nats';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { perDatabase } from '../db/transaction';

/**
 * The real-time bus on NATS (BUS_URL; docs/operations.md, server/realtime/README.md). Without it
 * the nodes fan out through PostgreSQL's LISTEN/NOTIFY, whose notices take a database-wide lock at
 * every notifying commit; with it the database only stores events and NATS carries them:
 *
 * - **Events** of the real-time bus go to one JetStream stream (`<namespace>-realtime`, subject
 *   `<namespace>.realtime`), published once the transaction that stored them has committed, each
 *   carrying its topic, its topic's sequence number (the one `realtime_topic` gave it: the number
 *   clients resume after, whatever carries the event) and its payload. Every node reads the whole
 *   stream with one ordered consumer, which after a lost connection resumes from the last stream
 *   sequence it received, so a reconnecting node replays what it missed from NATS rather than
 *   from the database. The stream keeps events as long as the store does
 *   (REALTIME_EVENT_RETENTION_HOURS).
 * - **Notices** (balance changes, named players) are plain NATS messages on
 *   `<namespace>.notice.<channel>`: hints to read again, which a node that was away makes up for
 *   by reading everything again when it reconnects.
 *
 * The namespace keeps deployments (and test runs) sharing one NATS server apart. Publishing never
 * fails its caller: the change has committed, so a publication that cannot be made yet is tried
 * again with back-off until the bus closes; readers fill any gap from the store.
 */

export interface BusEventMessage {
  topic: string;
  seq: number;
  payload: unknown;
}

export interface EventFeed {
  stop(): Promise<void>;
}

export interface NatsBus {
  readonly namespace: string;
  /** Puts a committed event on the stream (deduplicated by topic and sequence within NATS's window). */
  publishEvent(event: BusEventMessage): void;
  /** Sends notices on a channel: each payload reaches every node's `listen(channel)` once. */
  notify(channel: string, payloads: readonly string[]): void;
  /** Every event put on the stream from now on, in stream order, replaying what a lost connection missed. */
  followEvents(onEvent: (event: BusEventMessage) => void): Promise<EventFeed>;
  /** The notices of a channel; answers the unsubscribe. */
  listen(channel: string, onNotice: (payload: string) => void): () => void;
  /** Resolves once the server has processed everything sent so far (a `listen` made before it is in place). */
  flush(): Promise<void>;
  /** Called after every reconnection to NATS (plain notices sent meanwhile are lost); answers the removal. */
  onReconnect(listener: () => void): () => void;
  /** Whether the connection to NATS is up now (false between a disconnect and the reconnect, and once closed). */
  connected(): boolean;
  /** Drops the connection and connects again, as a restart of the NATS server does to every node (tests). */
  reconnect(): Promise<void>;
  /** Drains and closes the connection; pending publications are given up. */
  close(): Promise<void>;
}

export interface NatsBusOptions {
  url: string;
  /** Letters, digits, `-` and `_`: prefixes the subjects and names the stream. */
  namespace: string;
  /** How long the stream keeps an event. */
  retentionMs: number;
  logger: Logger;
  /** How long the first connection may take before start-up fails. */
  connectTimeoutMs?: number;
}

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 30_000;
/** NATS rejects a message bigger than its max_payload (1 MB by default); a realtime frame is 4 KiB. */
const codec = JSONCodec<unknown>();

export const streamNameOf = (namespace: string) => `${namespace}-realtime`;

export async function connectNatsBus(options: NatsBusOptions): Promise<NatsBus> {
  const { namespace, logger } = options;
  const eventSubject = `${namespace}.realtime`;
  const noticeSubject = (channel: string) => `${namespace}.notice.${channel}`;
  const stream = streamNameOf(namespace);
  const servers = options.url
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const nc: NatsConnection = await connect({
    servers,
    name: `emerald-${namespace}`,
    timeout: options.connectTimeoutMs ?? 5_000,
    // After start-up a node keeps trying for as long as it runs: the bus comes back, the node with it.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  const jsm = await nc.jetstreamManager();
  const config = {
    name: stream,
    subjects: [eventSubject],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(options.retentionMs),
    // The window in which a publication tried again is recognised by its id (topic and sequence).
    duplicate_window: nanos(Math.min(options.retentionMs, 2 * 60_000)),
  };
  try {
    await jsm.streams.info(stream);
    await jsm.streams.update(stream, { max_age: config.max_age, duplicate_window: config.duplicate_window });
  } catch {
    await jsm.streams.add(config);
  }
  const js = nc.jetstream();

  let closed = false;
  let connected = true;
  const pendingRetries = new Set<NodeJS.Timeout>();
  const feeds = new Set<ConsumerMessages>();
  const subscriptions = new Set<Subscription>();
  const reconnectListeners = new Set<() => void>();
  /** The event feeds' own resumption, before the listeners: a listener reading the store then sees the feed's start. */
  const reconnectFeeds = new Set<() => void>();

  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === Events.Reconnect) {
        connected = true;
        logger.info('bus: reconnected to NATS');
        for (const resume of [...reconnectFeeds]) resume();
        for (const listener of [...reconnectListeners]) listener();
      } else if (status.type === Events.Disconnect) {
        connected = false;
        logger.warn('bus: disconnected from NATS; reconnecting');
      }
    }
  })().catch(() => undefined);

  const publishEvent = (event: BusEventMessage, delay = FIRST_RETRY_MS) => {
    if (closed) return;
    js.publish(eventSubject, codec.encode(event), { msgID: `${event.topic}#${event.seq}` }).catch((error: unknown) => {
      if (closed) return;
      logger.warn({ err: error, topic: event.topic, seq: event.seq, retryInMs: delay }, 'bus: cannot publish an event yet');
      const timer = setTimeout(() => {
        pendingRetries.delete(timer);
        publishEvent(event, Math.min(delay * 2, LONGEST_RETRY_MS));
      }, delay);
      timer.unref();
      pendingRetries.add(timer);
    });
  };

  return {
    namespace,
    publishEvent: (event) => publishEvent(event),
    notify(channel, payloads) {
      if (closed || payloads.length === 0) return;
      try {
        nc.publish(noticeSubject(channel), codec.encode(payloads));
      } catch (error) {
        // Closed or over the size limit: a notice is a hint, and readers read again on reconnect.
        logger.warn({ err: error, channel }, 'bus: cannot send notices');
      }
    },
    async followEvents(onEvent) {
      // From the stream's next sequence as of now: an event committed after this call is published
      // after it, so it is read, however long the consumer itself takes to be created.
      let last = (await jsm.streams.info(stream)).state.last_seq;
      let current: ConsumerMessages | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const start = async () => {
        const consumer = await js.consumers.get(stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: last + 1 });
        const messages = await consumer.consume({
          callback: (message) => {
            // A consumer being replaced may still hand over what its successor delivers again.
            if (message.seq <= last) return;
            last = message.seq;
            let event: BusEventMessage;
            try {
              event = codec.decode(message.data) as BusEventMessage;
            } catch (error) {
              logger.warn({ err: error, streamSeq: message.seq }, 'bus: an unreadable event was skipped');
              return;
            }
            onEvent(event);
          },
        });
        if (stopped || closed) {
          await messages.close().catch(() => undefined);
          return;
        }
        current = messages;
        feeds.add(messages);
        void (async () => {
          for await (const status of await messages.status()) logger.debug({ status: status.type, data: status.data }, 'bus: event feed');
        })().catch(() => undefined);
      };
      /**
       * After a lost connection the pulls in flight and what the server sent to them are gone:
       * the feed starts again from the stream sequence after the last it received (the replay),
       * rather than waiting for the consumer's missed heartbeats to notice.
       */
      const resume = (delay = FIRST_RETRY_MS) => {
        clearTimeout(retry);
        const previous = current;
        current = undefined;
        if (previous) {
          feeds.delete(previous);
          void previous.close().catch(() => undefined);
        }
        if (stopped || closed) return;
        start().catch((error: unknown) => {
          if (stopped || closed) return;
          logger.warn({ err: error, fromStreamSeq: last + 1, retryInMs: delay }, 'bus: cannot follow the events yet');
          retry = setTimeout(() => resume(Math.min(delay * 2, LONGEST_RETRY_MS)), delay);
          retry.unref();
        });
      };
      await start();
      reconnectFeeds.add(resume);
      return {
        async stop() {
          stopped = true;
          clearTimeout(retry);
          reconnectFeeds.delete(resume);
          const messages = current;
          current = undefined;
          if (messages) {
            feeds.delete(messages);
            await messages.close().catch(() => undefined);
          }
        },
      };
    },
    listen(channel, onNotice) {
      const subscription = nc.subscribe(noticeSubject(channel), {
        callback: (error, message) => {
          if (error) return;
          let payloads: unknown;
          try {
            payloads = codec.decode(message.data);
          } catch {
            return;
          }
          if (!Array.isArray(payloads)) return;
          for (const payload of payloads) if (typeof payload === 'string') onNotice(payload);
        },
      });
      subscriptions.add(subscription);
      return () => {
        subscriptions.delete(subscription);
        subscription.unsubscribe();
      };
    },
    flush: () => nc.flush(),
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    connected: () => connected && !closed && !nc.isClosed(),
    reconnect: () => nc.reconnect(),
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of pendingRetries) clearTimeout(timer);
      pendingRetries.clear();
      reconnectListeners.clear();
      reconnectFeeds.clear();
      await Promise.all([...feeds].map((feed) => feed.close().catch(() => undefined)));
      feeds.clear();
      subscriptions.clear();
      await nc.drain().catch(() => nc.close());
    },
  };
}

/** The bus each database's nodes use, by the database's handle (none: LISTEN/NOTIFY). */
const buses = perDatabase<NatsBus>();

/** Makes `bus` carry the events and notices of the node using `db` (start-up, server/start.ts); answers the detach. */
export function attachBus(db: Db, bus: NatsBus): () => void {
  return buses.attach(db, bus);
}

/** The bus of the node using `db`'s database (any handle on it, a transaction's included). */
export function busOf(db: Db): NatsBus | undefined {
  return buses.of(db);
}
