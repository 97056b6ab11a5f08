import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { busOf, type NatsBus } from '../bus/nats-bus';
import type { Database, Db } from '../db/database';
import { listenForNotices } from '../db/notice-listener';
import { afterCommit } from '../db/transaction';

/**
 * The real-time event bus (server/realtime/README.md). An event is a row of `realtime_event`, numbered
 * per topic, written by `publish` in the caller's transaction: it exists exactly when the change it
 * announces committed. The same statement calls `pg_notify`, which PostgreSQL delivers at commit
 * (never on rollback) to every node that listens, carrying only the topic and the number; each node
 * then reads the events it has not delivered yet from the table, so the order is the sequence
 * order, a notice lost while a node was not listening costs nothing (the next one, or the catch-up
 * after re-listening, reads everything since the node's last delivered number) and a payload is
 * never bound by NOTIFY's 8 kB limit.
 *
 * Per topic the sequence comes from an upsert of `realtime_topic`, whose row lock holds a second
 * publisher of the same topic until the first commits: numbers commit in order, with no gaps a
 * reader could skip. Publishing is therefore for events of a few per second per topic (rounds,
 * calls, chat), not for every money movement (those use the wallet's batched balance notices).
 *
 * On PostgreSQL each node holds one dedicated LISTEN connection outside the pool and reconnects
 * with back-off when it drops (a database restart), then catches every topic up from the table. On
 * embedded PGlite the database's own in-process listen/notify is used.
 *
 * With a NATS bus (BUS_URL, server/bus/nats-bus.ts) the statement stores the event without
 * notifying, and the event itself — topic, the same sequence number, payload — is put on NATS once
 * the transaction commits (`inTransaction`'s after-commit hook), off the commit path. A node
 * delivers an event straight from NATS when it is the next number of its topic; one that skips
 * numbers (events of one topic committed on two nodes can reach NATS out of order, and a node can
 * stop between a commit and its publication) makes it read the store from its last delivered
 * number, as a notice does without a bus. Replays for subscribers still come from the store.
 */

export const REALTIME_CHANNEL = 'realtime_event';

export interface BusEvent {
  topic: string;
  seq: number;
  payload: unknown;
}

/**
 * Stores `payload` as the next event of `topic` and announces it when `tx` commits; answers its
 * sequence number. One statement, so even outside a transaction the number and the event are
 * written together. `payload` must be plain JSON (no bigint).
 */
export async function publish(tx: Db, topic: string, payload: unknown): Promise<number> {
  const bus = busOf(tx);
  const json = JSON.stringify(payload);
  const notice = bus ? sql`` : sql`, pg_notify(${REALTIME_CHANNEL}, ${topic} || ' ' || seq::text)`;
  const result = await tx.execute<{ seq: string | number | bigint }>(sql`
    WITH next AS (
      INSERT INTO realtime_topic (topic, last_seq) VALUES (${topic}, 1)
      ON CONFLICT (topic) DO UPDATE SET last_seq = realtime_topic.last_seq + 1
      RETURNING last_seq
    ), stored AS (
      INSERT INTO realtime_event (topic, seq, payload)
      SELECT ${topic}, last_seq, ${json}::jsonb FROM next
      RETURNING seq
    )
    SELECT seq${notice} FROM stored`);
  const row = (result as unknown as { rows: { seq: string | number | bigint }[] }).rows[0];
  if (!row) throw new Error('event not published');
  const seq = Number(row.seq);
  // Never before the commit: a reader delivers what NATS carries without reading the store.
  if (bus) afterCommit(tx, () => bus.publishEvent({ topic, seq, payload: JSON.parse(json) as unknown }));
  return seq;
}

/** A topic's events after `seq`, oldest first, at most `limit`. */
export async function eventsAfter(db: Db, topic: string, seq: number, limit = 500): Promise<BusEvent[]> {
  const result = await db.execute<{ seq: string | number | bigint; payload: unknown }>(
    sql`SELECT seq, payload FROM realtime_event WHERE topic = ${topic} AND seq > ${seq} ORDER BY seq LIMIT ${limit}`,
  );
  return (result as unknown as { rows: { seq: string | number | bigint; payload: unknown }[] }).rows.map((row) => ({
    topic,
    seq: Number(row.seq),
    payload: row.payload,
  }));
}

/**
 * Deletes the stored events published before `before`, a few thousand rows per statement so no
 * long lock holds up publishers; answers how many went. Topics keep their numbering
 * (`realtime_topic` is untouched), so later events continue after the pruned ones, and a replay
 * from a pruned number answers what is left. Safe on every node at once.
 */
export async function pruneEvents(db: Db, before: Date, batch = 5_000): Promise<number> {
  let pruned = 0;
  for (;;) {
    const result = await db.execute<{ seq: unknown }>(
      sql`DELETE FROM realtime_event WHERE ctid IN (SELECT ctid FROM realtime_event WHERE created_at < ${before} LIMIT ${batch}) RETURNING seq`,
    );
    const count = (result as unknown as { rows: unknown[] }).rows.length;
    pruned += count;
    if (count < batch) return pruned;
  }
}

/** The topic's last sequence number (0 before its first event). */
export async function lastSeqOf(db: Db, topic: string): Promise<number> {
  const result = await db.execute<{ last_seq: string | number | bigint }>(sql`SELECT last_seq FROM realtime_topic WHERE topic = ${topic}`);
  const row = (result as unknown as { rows: { last_seq: string | number | bigint }[] }).rows[0];
  return row ? Number(row.last_seq) : 0;
}

export interface Subscription {
  /** The topic's last sequence number when the subscription started (after its replay). */
  readonly seq: number;
  close(): void;
}

export interface EventBus {
  /**
   * Calls `listener` with every event of `topic` after `after` (replayed from the store first),
   * then with each new one as it commits, in sequence order and each once. Without `after`, only
   * events published from now on. Resolves once the replay has been delivered.
   */
  subscribe(topic: string, options: { after?: number | undefined }, listener: (event: BusEvent) => void): Promise<Subscription>;
  /** The replay itself: the topic's events after `seq`, oldest first. */
  after(topic: string, seq: number, limit?: number): Promise<BusEvent[]>;
  close(): Promise<void>;
}

interface Subscriber {
  seen: number;
  listener: (event: BusEvent) => void;
}

interface TopicState {
  /** The highest sequence number read from the store and handed to the subscribers. */
  delivered: number;
  subscribers: Set<Subscriber>;
  /** Reads and deliveries of the topic, one after another, so subscribers see the sequence order. */
  chain: Promise<void>;
  /** A read is queued and has not started: further notices need not queue another. */
  pumpQueued: boolean;
}

const PAGE = 500;
const READ_RETRY_MS = 1_000;

export function createEventBus(database: Database, logger: Logger): EventBus {
  const db = database.db;
  const topics = new Map<string, TopicState>();
  let started: Promise<{ stop(): Promise<void> }> | undefined;
  let closed = false;

  const deliver = (state: TopicState, event: BusEvent, only?: Subscriber) => {
    for (const subscriber of only ? [only] : state.subscribers) {
      if (event.seq <= subscriber.seen) continue;
      subscriber.seen = event.seq;
      try {
        subscriber.listener(event);
      } catch (error) {
        logger.error({ err: error, topic: event.topic }, 'realtime: a subscriber failed on an event');
      }
    }
  };

  /** Hands out what the store has for the topic after its last delivered event. */
  const readStore = async (topic: string, state: TopicState) => {
    try {
      for (;;) {
        const events = await eventsAfter(db, topic, state.delivered, PAGE);
        for (const event of events) {
          deliver(state, event);
          state.delivered = event.seq;
        }
        if (events.length < PAGE) break;
      }
    } catch (error) {
      if (closed) return;
      // The database is unreachable: try again shortly; the events wait in the store.
      logger.warn({ err: error, topic }, 'realtime: cannot read events; retrying');
      setTimeout(() => pump(topic), READ_RETRY_MS).unref();
    }
  };

  /** Reads what the topic has after its last delivered event and hands it out. */
  const pump = (topic: string) => {
    const state = topics.get(topic);
    if (!state || state.pumpQueued || closed) return;
    state.pumpQueued = true;
    state.chain = state.chain.then(async () => {
      state.pumpQueued = false;
      await readStore(topic, state);
    });
  };

  /** An event as NATS carried it: the topic's next one is delivered as it is; after a gap, the store is read. */
  const onBusEvent = (event: BusEvent) => {
    const state = topics.get(event.topic);
    if (!state || closed || !Number.isSafeInteger(event.seq)) return;
    state.chain = state.chain.then(async () => {
      if (event.seq <= state.delivered) return;
      if (event.seq === state.delivered + 1) {
        deliver(state, event);
        state.delivered = event.seq;
        return;
      }
      await readStore(event.topic, state);
    });
  };

  const onNotice = (payload: string | undefined) => {
    if (!payload) return;
    const space = payload.lastIndexOf(' ');
    const topic = payload.slice(0, space);
    const seq = Number(payload.slice(space + 1));
    const state = topics.get(topic);
    if (state && seq > state.delivered) pump(topic);
  };
  const catchUpEverything = () => {
    for (const topic of topics.keys()) pump(topic);
  };
  const listen = async (bus: NatsBus | undefined): Promise<{ stop(): Promise<void> }> => {
    if (!bus) return listenForNotices(database, logger, { channel: REALTIME_CHANNEL, label: 'realtime', onNotice, onListenAgain: catchUpEverything });
    // The consumer replays from NATS what a lost connection missed; what never reached NATS (a
    // publication still being tried again) is read from the store after each reconnection.
    const removeListener = bus.onReconnect(catchUpEverything);
    let feed: { stop(): Promise<void> } | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    // Unreachable now: subscribers still get their replays from the store, live events once following works.
    const follow = async (delay: number) => {
      try {
        const started = await bus.followEvents(onBusEvent);
        if (stopped) await started.stop();
        else feed = started;
        catchUpEverything();
      } catch (error) {
        if (stopped) return;
        logger.warn({ err: error, retryInMs: delay }, 'realtime: cannot follow the bus yet');
        retry = setTimeout(() => void follow(Math.min(delay * 2, 30_000)), delay);
        retry.unref();
      }
    };
    await follow(READ_RETRY_MS);
    return {
      async stop() {
        stopped = true;
        clearTimeout(retry);
        removeListener();
        await feed?.stop();
      },
    };
  };

  return {
    async subscribe(topic, options, listener) {
      if (closed) throw new Error('the event bus is closed');
      started ??= listen(busOf(db));
      await started;
      let state = topics.get(topic);
      if (!state) {
        const fresh: TopicState = { delivered: 0, subscribers: new Set(), chain: Promise.resolve(), pumpQueued: false };
        // Listening has started: anything committed after this read is announced to us.
        fresh.chain = lastSeqOf(db, topic).then((seq) => {
          fresh.delivered = seq;
        });
        topics.set(topic, fresh);
        state = fresh;
      }
      const topicState = state;
      const subscriber: Subscriber = { seen: 0, listener };
      let startSeq = 0;
      const joined = topicState.chain.then(async () => {
        subscriber.seen = options.after ?? topicState.delivered;
        // The replay: what the subscriber missed up to what the topic has delivered so far; later
        // events reach it with everyone else's, in the same chain, so none comes twice or out of order.
        while (subscriber.seen < topicState.delivered) {
          const events = await eventsAfter(db, topic, subscriber.seen, PAGE);
          const upTo = events.filter((event) => event.seq <= topicState.delivered);
          for (const event of upTo) deliver(topicState, event, subscriber);
          if (upTo.length < PAGE) break;
        }
        subscriber.seen = Math.max(subscriber.seen, topicState.delivered);
        topicState.subscribers.add(subscriber);
        startSeq = topicState.delivered;
      });
      topicState.chain = joined.catch(() => undefined);
      await joined;
      // Events committed between the topic's first read and now may not have been announced yet.
      pump(topic);
      return {
        seq: startSeq,
        close() {
          topicState.subscribers.delete(subscriber);
          if (topicState.subscribers.size === 0 && topics.get(topic) === topicState) topics.delete(topic);
        },
      };
    },
    after: (topic, seq, limit = PAGE) => eventsAfter(db, topic, seq, limit),
    async close() {
      closed = true;
      topics.clear();
      const listener = await started?.catch(() => undefined);
      await listener?.stop().catch(() => undefined);
    },
  };
}
