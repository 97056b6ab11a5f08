import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { SESSION_ENDED_CLOSE_CODE } from '../../contracts/realtime/messages';
import { busOf } from '../bus/nats-bus';
import type { Database, Db } from '../db/database';
import { listenForNotices } from '../db/notice-listener';
import { afterCommit } from '../db/transaction';
import { AppError } from '../http/app-error';
import type { RealtimeIdentity } from './gateway';

/**
 * Session ends on every node (server/realtime/README.md). A socket lives on one node, but the session
 * that authorised it can end on any: a logout, a lock, a staff member disabled or time-boxed. So
 * the module that ends or changes sessions sends a notice naming whose they are (`player:<id>`,
 * `staff:<id>`) in the same statement or transaction; PostgreSQL delivers it at commit, never for
 * a change rolled back. Every node's gateway then checks the sockets of that holder against the
 * database again and closes those it no longer authorises. The notice says whom to check, never
 * the verdict: a late or lost notice makes a check late, not wrong, and a node that listens again
 * after losing its connection checks every socket. Ends by time (idle, absolute, an access end)
 * need no notice: each socket is checked again when its sessions would end.
 *
 * With a NATS bus (BUS_URL) the notices go through it instead, as the balance notices do: the
 * statement that ends sessions answers whose they were, and once it has committed the node sends
 * them on the bus's `session_ended` channel, which every node's feed follows; pg_notify is not used.
 * A node that stops between that commit and the sending loses the notice: the other nodes' sockets
 * of that holder are then checked at their sessions' end by time, or when their bus reconnects.
 */

export const SESSION_END_CHANNEL = 'session_ended';

/** Whose sessions a notice concerns: a player's (portal and game sessions) or a staff member's. */
export type SessionHolder = `player:${string}` | `staff:${string}`;
export const playerHolder = (playerId: string): SessionHolder => `player:${playerId}`;
export const staffHolder = (staffId: string): SessionHolder => `staff:${staffId}`;

/**
 * The notice as an SQL expression (a column named `session_end`), so a statement that ends sessions
 * announces them itself; run the statement with `executeSessionEnd`:
 * `WITH ended AS (UPDATE … RETURNING player_id) SELECT ${sessionEndNoticeSql(db, 'player', sql`player_id`)} FROM ended`.
 * Without a bus it is pg_notify, delivered at commit; with one, the holder, sent after the commit.
 */
export function sessionEndNoticeSql(db: Db, kind: 'player' | 'staff', id: SQL | string): SQL {
  const holder = sql`${`${kind}:`} || (${id})::text`;
  return busOf(db) ? sql`(${holder}) AS session_end` : sql`pg_notify(${SESSION_END_CHANNEL}, ${holder}) AS session_end`;
}

/** Runs a statement whose rows carry `sessionEndNoticeSql`; with a bus, sends their holders once `db`'s transaction commits. */
export async function executeSessionEnd(db: Db, statement: SQL): Promise<void> {
  const bus = busOf(db);
  const result = await db.execute(statement);
  if (!bus) return;
  const rows = (result as unknown as { rows: { session_end?: unknown }[] }).rows;
  const holders = [...new Set(rows.flatMap((row) => (typeof row.session_end === 'string' ? [row.session_end] : [])))];
  if (holders.length > 0) afterCommit(db, () => bus.notify(SESSION_END_CHANNEL, holders));
}

/** The notice, sent when `tx` commits: for a transaction that ended or changed the holder's sessions. */
export async function announceSessionEnd(tx: Db, holder: SessionHolder): Promise<void> {
  const bus = busOf(tx);
  if (bus) afterCommit(tx, () => bus.notify(SESSION_END_CHANNEL, [holder]));
  else await tx.execute(sql`SELECT pg_notify(${SESSION_END_CHANNEL}, ${holder})`);
}

/** The notices as this node hears them. */
export interface SessionEndFeed {
  /** Resolves once listening: a session end committed from now on will be heard. */
  ready(): Promise<void>;
  /** How many notices (and listenings again) this node has heard so far. */
  heard(): number;
  /** Calls `check` on every notice about one of `holders`, and after listening again; answers the unfollow. */
  follow(holders: readonly string[], check: () => void): () => void;
  close(): Promise<void>;
}

export function createSessionEndFeed(database: Database, logger: Logger): SessionEndFeed {
  const followers = new Map<string, Set<() => void>>();
  let heard = 0;
  let started: Promise<{ stop(): Promise<void> }> | undefined;
  let closed = false;
  const run = (checks: Iterable<() => void>) => {
    for (const check of [...new Set(checks)]) check();
  };
  const onNotice = (holder: string) => {
    heard += 1;
    run(followers.get(holder) ?? []);
  };
  // Notices sent while nobody listened are lost: every socket is checked again.
  const onListenAgain = () => {
    heard += 1;
    run([...followers.values()].flatMap((checks) => [...checks]));
  };
  const listen = async (): Promise<{ stop(): Promise<void> }> => {
    const bus = busOf(database.db);
    if (!bus) return listenForNotices(database, logger, { channel: SESSION_END_CHANNEL, label: 'session ends', onNotice, onListenAgain });
    const unlisten = bus.listen(SESSION_END_CHANNEL, onNotice);
    // Plain NATS messages sent while the connection was down are lost: every socket is checked again.
    const removeListener = bus.onReconnect(onListenAgain);
    // Once the server has the subscription, a notice sent from any node from now on is heard.
    await bus.flush();
    return {
      stop() {
        removeListener();
        unlisten();
        return Promise.resolve();
      },
    };
  };
  return {
    async ready() {
      if (closed) throw new Error('the session-end feed is closed');
      started ??= listen();
      await started;
    },
    heard: () => heard,
    follow(holders, check) {
      for (const holder of holders) {
        let checks = followers.get(holder);
        if (!checks) followers.set(holder, (checks = new Set()));
        checks.add(check);
      }
      return () => {
        for (const holder of holders) {
          const checks = followers.get(holder);
          checks?.delete(check);
          if (checks?.size === 0) followers.delete(holder);
        }
      };
    },
    async close() {
      closed = true;
      followers.clear();
      const listener = await started?.catch(() => undefined);
      await listener?.stop().catch(() => undefined);
    },
  };
}

export interface SocketGuard {
  /** Checks the socket's sessions again now; false, with the socket closing, once they no longer authorise it. */
  stillAuthorised(): Promise<boolean>;
  stop(): void;
}

/** Timers run at most this far ahead (setTimeout's limit is about 24.8 days). */
const LONGEST_WAIT_MS = 2 ** 31 - 1;
/** A check at a session's end waits this much past it, so the session is surely over when read. */
const PAST_THE_END_MS = 1_000;

/**
 * Keeps a socket open only as long as the sessions behind its upgrade: checked again when a notice
 * names one of their holders, when they would end by time (`validUntil`), and whenever the caller
 * asks (before every subscription). Still authorised means the upgrade's cookies still give the same
 * player and at least the same staff permissions; anything less closes the socket with
 * SESSION_ENDED_CLOSE_CODE, and a reconnect is authenticated afresh. `heardBefore` is the feed's
 * count before the upgrade was authenticated: a notice heard since then may concern a session that
 * read found live, so the socket is checked once more at once.
 */
export function guardSocket(
  socket: WebSocket,
  options: {
    identity: RealtimeIdentity;
    authenticate: () => Promise<RealtimeIdentity | null>;
    feed: SessionEndFeed | undefined;
    heardBefore: number;
    log: FastifyBaseLogger;
  },
): SocketGuard {
  const { identity, authenticate, feed, log } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // One check at a time; one asked for meanwhile runs after it, as the running read may predate the change.
  let chain: Promise<unknown> = Promise.resolve();
  let queued: Promise<boolean> | undefined;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    unfollow();
  };
  const close = (code: number, reason: string) => {
    stop();
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
  };
  const checkAt = (until: Date | undefined) => {
    clearTimeout(timer);
    if (!until || stopped) return;
    timer = setTimeout(() => void check(), Math.min(Math.max(until.getTime() - Date.now(), 0) + PAST_THE_END_MS, LONGEST_WAIT_MS));
    timer.unref();
  };
  const verdict = async (): Promise<boolean> => {
    let fresh: RealtimeIdentity | null;
    try {
      fresh = await authenticate();
    } catch (error) {
      if (!(error instanceof AppError)) {
        // Unable to tell: closed rather than kept on a guess; the client reconnects and is checked then.
        log.warn({ err: error }, 'realtime: cannot check a socket’s session; closing it');
        close(1011, 'cannot check the session: reconnect');
        return false;
      }
      fresh = null;
    }
    if (stopped) return false;
    const granted =
      fresh !== null &&
      fresh.playerId === identity.playerId &&
      (identity.staffPermissions ?? []).every((permission) => fresh.staffPermissions?.includes(permission));
    if (!granted) {
      close(SESSION_ENDED_CLOSE_CODE, 'session ended: sign in again');
      return false;
    }
    checkAt(fresh!.validUntil);
    return true;
  };
  const check = (): Promise<boolean> => {
    if (stopped) return Promise.resolve(false);
    if (queued) return queued;
    const next = chain.then(() => {
      queued = undefined;
      return stopped ? false : verdict();
    });
    queued = next;
    chain = next.catch(() => undefined);
    return next;
  };

  const unfollow = feed?.follow(identity.holders ?? [], () => void check()) ?? (() => undefined);
  if (feed && feed.heard() !== options.heardBefore) void check();
  else checkAt(identity.validUntil);
  return { stillAuthorised: check, stop };
}
