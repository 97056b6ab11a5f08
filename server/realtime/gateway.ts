import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { clientMessageSchema, SERVICE_RESTART_CLOSE_CODE, type ServerMessage } from '../../contracts/realtime/messages';
import { AppError } from '../http/app-error';
import type { BusEvent, EventBus, Subscription } from './event-bus';
import { frameBudget, type FrameRate } from './frame-budget';
import { guardSocket, type SessionEndFeed } from './session-ends';

/**
 * The WebSocket gateway (`GET /gs/ws`, @fastify/websocket on `ws`). The upgrade request is
 * authenticated like any other call, before the upgrade: the game session cookie or the portal
 * session cookie, else 401 and no socket (its Origin is checked first: server/http/cross-site.ts).
 * Nothing depends on the client's address, and the upgrade is an ordinary HTTP/1.1 GET, so it
 * works behind a reverse proxy that passes `Upgrade` and `Connection` (nginx: `proxy_set_header
 * Upgrade $http_upgrade; proxy_set_header Connection "upgrade"; proxy_read_timeout` above the
 * heartbeat).
 *
 * A socket lives only as long as the sessions that authorised it (`session-ends.ts`): it is checked
 * again on a session-end notice from any node, when its sessions would end by time, and before
 * every subscription, and closed with 4001 (SESSION_ENDED_CLOSE_CODE) once they no longer grant
 * what they granted at the upgrade.
 *
 * Frames are JSON objects checked with zod (`contracts/realtime/messages.ts`); a frame that is not
 * JSON or not a known message gets an error frame naming the field, and the socket stays open.
 *
 * Heartbeats: every `heartbeatMs` the server sends a ping frame; a peer that has not answered the
 * previous ping with a pong is terminated (a dead peer, a half-open connection behind a proxy).
 *
 * Back-pressure rule: a message is sent only while the socket's unsent data (`bufferedAmount`) is
 * at most `maxBufferedBytes`. A consumer above it is too slow for the rate of events: its socket
 * is closed with 1013 ("try again later") rather than buffering without bound or silently skipping
 * events. Nothing is lost: the client reconnects and subscribes with the last sequence number it
 * saw, and the gateway replays the rest from the store.
 *
 * Limits (issue 25), so that a few clients cannot take the node from everyone else:
 * - Frames: at most 4 KiB each (`MAX_FRAME_BYTES`; `ws` closes a larger one with 1009) and a token
 *   bucket per socket (`frameRate`, control pings included). A socket over it gets an error frame
 *   and is closed with 1008 (policy violation); frames it had already sent are not acted on, and a
 *   peer that does not complete the close within `CLOSE_GRACE_MS` is terminated.
 * - Sockets: at most `maxSocketsPerParty` open at once per party (`RealtimeIdentity.party`); the
 *   upgrade past it is refused with 429 and no socket. The count is this node's, kept in memory and
 *   decided synchronously after the upgrade's authentication, so handshakes arriving together cannot
 *   all pass it; it is given back when the connection closes however it closes (an upgrade that
 *   never completes included). Across nodes it is not shared: behind a balancer over N nodes a party
 *   may hold up to N times the cap. Sharing it would need a row per open socket and a lease per node
 *   to clear the rows of a node that died, for a bound that stays small anyway.
 * - Topics: an allow-list of kinds, each with the shape its id must have (`TOPIC_KINDS`).
 *
 * Restarts (issue 32): while the node drains (`draining`) a new upgrade is refused with 503, and on
 * close every socket is closed with 1012 (SERVICE_RESTART_CLOSE_CODE): the client reconnects, to
 * another node behind a balancer, and subscribes after its last sequence number as after any drop.
 */

export interface RealtimeIdentity {
  /** The player behind the session; null for a visitor's free-play game session or a staff member's screen. */
  playerId: string | null;
  /** A signed-in staff member's permissions (the back office's session): staff topics follow them. */
  staffPermissions?: readonly string[];
  /** Whose sessions authorised it (`player:<id>`, `staff:<id>`): a session-end notice for one checks the socket again. */
  holders?: readonly string[];
  /** When those sessions end by time unless used meanwhile: the socket is checked again then. */
  validUntil?: Date;
  /**
   * Whom the socket counts against for `maxSocketsPerParty`: `player:<id>` for a player (with the
   * portal's or a game's session), else `staff:<id>`, else `visitor:<id>` for a visitor's free play.
   */
  party: string;
}

export interface GatewayOptions {
  bus: EventBus;
  /**
   * The identity of an upgrade request, or null (401). May throw an AppError (an ended session).
   * Asked again for an open socket (a session-end notice, `validUntil`, every subscribe), so it must
   * not count as the session's use.
   */
  authenticate(request: FastifyRequest): Promise<RealtimeIdentity | null>;
  /** Session ends announced on every node; without it a socket is checked again only by time and on subscribe. */
  sessionEnds?: SessionEndFeed;
  heartbeatMs: number;
  maxBufferedBytes?: number;
  /** Most topics one socket may follow. */
  maxSubscriptions?: number;
  /** Most sockets one party may hold open on this node (several tabs, a game beside the portal). */
  maxSocketsPerParty?: number;
  /** Frames a socket may send; over it the socket is closed with 1008. */
  frameRate?: FrameRate;
  /** True once the node is shutting down: new upgrades are refused with 503 (the client tries again, elsewhere). */
  draining?: () => boolean;
}

interface TopicKind {
  /** The shape of the kind's ids (what its publisher writes); any other id names no topic. */
  id: RegExp;
  may(identity: RealtimeIdentity, id: string): boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLUG = /^[a-z0-9-]{1,40}$/;

/**
 * Who may follow a topic, by its kind (the part before ':'). A Map, not an object literal: a kind
 * such as `constructor` or `toString` must find nothing, not Object.prototype's functions.
 */
const TOPIC_KINDS: ReadonlyMap<string, TopicKind> = new Map<string, TopicKind>([
  // Shared tables, rooms and public channels: everyone signed in (or playing) sees the same.
  ['live-roulette', { id: SLUG, may: () => true }],
  ['bingo', { id: SLUG, may: () => true }],
  ['channel', { id: /^[1-9][0-9]{0,9}$/, may: () => true }],
  // A player's own notices only.
  ['player', { id: UUID, may: (identity, id) => identity.playerId === id }],
  // Staff screens: live support's queue for those who answer it.
  ['support-staff', { id: /^queue$/, may: (identity) => identity.staffPermissions?.includes('support.chat') ?? false }],
]);

export function maySubscribe(identity: RealtimeIdentity, topic: string): boolean {
  const colon = topic.indexOf(':');
  if (colon < 0) return false;
  const kind = TOPIC_KINDS.get(topic.slice(0, colon));
  const id = topic.slice(colon + 1);
  return kind !== undefined && kind.id.test(id) && kind.may(identity, id);
}

const MAX_FRAME_BYTES = 4 * 1024;
/** A client's reconnect subscribes every topic it follows at once (up to the subscription limit). */
const DEFAULT_FRAME_RATE: FrameRate = { burst: 60, perSecond: 10 };
/** How long a socket closed for flooding may take to answer the close before it is cut. */
const CLOSE_GRACE_MS = 2_000;

/**
 * An event's frame, encoded once however many sockets follow its topic: a bingo call goes to every
 * player in the room, and encoding it per socket was most of the gateway's cost over raw `ws`
 * (bench:bingo). The bus hands every subscriber the same event object, so it keys the cache. The
 * frame is kept as UTF-8 bytes (sent as a text frame): `ws` would otherwise convert the same
 * string to bytes again for every socket.
 */
const eventFrames = new WeakMap<BusEvent, Buffer>();
function eventFrame(event: BusEvent): Buffer {
  let frame = eventFrames.get(event);
  if (frame === undefined) {
    const message: ServerMessage = { type: 'event', topic: event.topic, seq: event.seq, payload: event.payload };
    frame = Buffer.from(JSON.stringify(message));
    eventFrames.set(event, frame);
  }
  return frame;
}

export function realtimeGateway(options: GatewayOptions): FastifyPluginAsync {
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const maxSubscriptions = options.maxSubscriptions ?? 50;
  const maxSocketsPerParty = options.maxSocketsPerParty ?? 20;
  const frameRate = options.frameRate ?? DEFAULT_FRAME_RATE;
  return async (app) => {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      // On close (SIGTERM), before the server stops listening: every socket is told 1012 and given
      // CLOSE_GRACE_MS to finish the closing handshake, then cut, so that a peer that never answers
      // cannot hold the shutdown (the server's close waits for every connection, upgraded ones too).
      preClose(done) {
        const sockets = [...this.websocketServer.clients];
        for (const socket of sockets) socket.close(SERVICE_RESTART_CLOSE_CODE, 'service restart: reconnect and resume');
        const open = () => sockets.filter((socket) => socket.readyState !== socket.CLOSED);
        const deadline = Date.now() + CLOSE_GRACE_MS;
        const wait = () => {
          if (open().length > 0 && Date.now() < deadline) {
            setTimeout(wait, 20);
            return;
          }
          for (const socket of open()) socket.terminate();
          this.websocketServer.close(() => done());
        };
        wait();
      },
    });
    const alive = new Map<WebSocket, boolean>();
    const heartbeat = setInterval(() => {
      for (const [socket, answered] of alive) {
        if (!answered) {
          socket.terminate();
          alive.delete(socket);
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
    }, options.heartbeatMs);
    heartbeat.unref();
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      for (const socket of alive.keys()) socket.terminate();
    });

    const identities = new WeakMap<FastifyRequest, RealtimeIdentity>();
    /** Open sockets (and upgrades under way) per party on this node. */
    const openSockets = new Map<string, number>();
    const holdPlace = (request: FastifyRequest, party: string) => {
      const connection = request.raw.socket;
      // Gone while it was being authenticated: its 'close' has been emitted already, and no socket will open.
      if (connection.destroyed) return;
      // Checked and counted with no await between: of handshakes arriving together, each sees the others'.
      const open = openSockets.get(party) ?? 0;
      if (open >= maxSocketsPerParty) {
        throw new AppError('TOO_MANY_REQUESTS', `At most ${maxSocketsPerParty} real-time connections at once: close another window or game`);
      }
      openSockets.set(party, open + 1);
      // The connection's own end, not the WebSocket's: it also comes for an upgrade that never completes.
      connection.once('close', () => {
        const left = (openSockets.get(party) ?? 1) - 1;
        if (left > 0) openSockets.set(party, left);
        else openSockets.delete(party);
      });
    };
    const heardBefore = new WeakMap<FastifyRequest, number>();

    app.get(
      '/ws',
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request) => {
          if (options.draining?.()) throw new AppError('SERVICE_UNAVAILABLE', 'This node is restarting: connect again');
          // Listening before the read: a session end committed after it is heard, one before it is seen.
          await options.sessionEnds?.ready();
          heardBefore.set(request, options.sessionEnds?.heard() ?? 0);
          const identity = await options.authenticate(request);
          if (!identity) throw new AppError('NOT_LOGGED_IN_ERROR');
          holdPlace(request, identity.party);
          identities.set(request, identity);
        },
      },
      (socket, request) => {
        const identity = identities.get(request);
        if (!identity) {
          socket.close(1008, 'not authenticated');
          return;
        }
        const subscriptions = new Map<string, Subscription>();
        const guard = guardSocket(socket, {
          identity,
          authenticate: () => options.authenticate(request),
          feed: options.sessionEnds,
          heardBefore: heardBefore.get(request) ?? 0,
          log: request.log,
        });
        alive.set(socket, true);
        socket.on('pong', () => {
          if (alive.has(socket)) alive.set(socket, true);
        });

        const send = (message: ServerMessage | Buffer) => {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > maxBuffered) {
            socket.close(1013, 'too slow: reconnect and subscribe from your last sequence number');
            return;
          }
          if (Buffer.isBuffer(message)) socket.send(message, { binary: false });
          else socket.send(JSON.stringify(message));
        };
        const refuse = (error: string, field?: string, detail?: string) =>
          send({ type: 'error', error, ...(field ? { errors: [{ field, error: detail ?? error }] } : {}) });

        const budget = frameBudget(frameRate);
        /** Takes one frame from the budget; past it, the socket is told why and closed. */
        const overBudget = (): boolean => {
          if (budget.take()) return false;
          refuse('Too many frames', 'type', `At most ${frameRate.perSecond} frames a second (${frameRate.burst} at once)`);
          socket.close(1008, 'too many frames');
          setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
          return true;
        };
        socket.on('ping', () => {
          if (socket.readyState === socket.OPEN) overBudget();
        });

        socket.on('message', (data, isBinary) => {
          // After a close, what the peer had sent already is not acted on.
          if (socket.readyState !== socket.OPEN || overBudget()) return undefined;
          if (isBinary) return refuse('Frames must be JSON text');
          let parsed: unknown;
          try {
            parsed = JSON.parse(String(data));
          } catch {
            return refuse('Frames must be JSON text');
          }
          const message = clientMessageSchema.safeParse(parsed);
          if (!message.success) {
            const issue = message.error.issues[0];
            return refuse('Invalid message', issue?.path.join('.') || 'type', issue?.message);
          }
          const body = message.data;
          if (body.type === 'ping') return send({ type: 'pong' });
          if (body.type === 'unsubscribe') {
            subscriptions.get(body.topic)?.close();
            subscriptions.delete(body.topic);
            return send({ type: 'unsubscribed', topic: body.topic });
          }
          if (!maySubscribe(identity, body.topic)) return refuse('Not allowed', 'topic', `You may not follow ${body.topic}`);
          if (!subscriptions.has(body.topic) && subscriptions.size >= maxSubscriptions)
            return refuse('Too many subscriptions', 'topic', `At most ${maxSubscriptions} topics per connection`);
          subscriptions.get(body.topic)?.close();
          subscriptions.delete(body.topic);
          // The session is checked again first: an ended one closes the socket instead.
          guard
            .stillAuthorised()
            .then((authorised) => (authorised ? options.bus.subscribe(body.topic, { after: body.after }, (event) => send(eventFrame(event))) : undefined))
            .then((subscription) => {
              if (!subscription) return undefined;
              if (socket.readyState !== socket.OPEN) return subscription.close();
              subscriptions.get(body.topic)?.close();
              subscriptions.set(body.topic, subscription);
              send({ type: 'subscribed', topic: body.topic, seq: subscription.seq });
            })
            .catch((error: unknown) => {
              request.log.warn({ err: error, topic: body.topic }, 'realtime: subscription failed');
              refuse('Subscription failed, try again', 'topic');
            });
          return undefined;
        });
        socket.on('close', () => {
          guard.stop();
          alive.delete(socket);
          for (const subscription of subscriptions.values()) subscription.close();
          subscriptions.clear();
        });
        send({ type: 'ready', heartbeatMs: options.heartbeatMs });
      },
    );
  };
}
