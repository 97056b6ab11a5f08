import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { clientMessageSchema, type ServerMessage } from '../../contracts/realtime/messages';
import { AppError } from '../http/app-error';
import type { BusEvent, EventBus, Subscription } from './event-bus';

/**
 * The WebSocket gateway (`GET /gs/ws`, @fastify/websocket on `ws`). The upgrade request is
 * authenticated like any other call, before the upgrade: the game session cookie or the portal
 * session cookie, else 401 and no socket. Nothing depends on the client's address, and the
 * upgrade is an ordinary HTTP/1.1 GET, so it works behind a reverse proxy that passes `Upgrade`
 * and `Connection` (nginx: `proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection
 * "upgrade"; proxy_read_timeout` above the heartbeat).
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
 */

export interface RealtimeIdentity {
  /** The player behind the session; null for a visitor's free-play game session or a staff member's screen. */
  playerId: string | null;
  /** A signed-in staff member's permissions (the back office's session): staff topics follow them. */
  staffPermissions?: readonly string[];
}

export interface GatewayOptions {
  bus: EventBus;
  /** The identity of an upgrade request, or null (401). May throw an AppError (an ended session). */
  authenticate(request: FastifyRequest): Promise<RealtimeIdentity | null>;
  heartbeatMs: number;
  maxBufferedBytes?: number;
  /** Most topics one socket may follow. */
  maxSubscriptions?: number;
}

/** Who may follow a topic, by its kind (the part before ':'). Topics of kinds not listed are refused. */
const TOPIC_ACCESS: Record<string, (identity: RealtimeIdentity, id: string) => boolean> = {
  // Shared tables, rooms and public channels: everyone signed in (or playing) sees the same.
  'live-roulette': () => true,
  bingo: () => true,
  channel: () => true,
  // A player's own notices only.
  player: (identity, id) => identity.playerId === id,
  // Staff screens: live support's queue for those who answer it.
  'support-staff': (identity) => identity.staffPermissions?.includes('support.chat') ?? false,
};

export function maySubscribe(identity: RealtimeIdentity, topic: string): boolean {
  const colon = topic.indexOf(':');
  const check = TOPIC_ACCESS[topic.slice(0, colon)];
  return check !== undefined && check(identity, topic.slice(colon + 1));
}

const MAX_FRAME_BYTES = 4 * 1024;

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
  return async (app) => {
    await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
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

    app.get(
      '/ws',
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request) => {
          const identity = await options.authenticate(request);
          if (!identity) throw new AppError('NOT_LOGGED_IN_ERROR');
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

        socket.on('message', (data, isBinary) => {
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
          if (!subscriptions.has(body.topic) && subscriptions.size >= maxSubscriptions) return refuse('Too many subscriptions', 'topic', `At most ${maxSubscriptions} topics per connection`);
          subscriptions.get(body.topic)?.close();
          subscriptions.delete(body.topic);
          options.bus
            .subscribe(body.topic, { after: body.after }, (event) => send(eventFrame(event)))
            .then((subscription) => {
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
          alive.delete(socket);
          for (const subscription of subscriptions.values()) subscription.close();
          subscriptions.clear();
        });
        send({ type: 'ready', heartbeatMs: options.heartbeatMs });
      },
    );
  };
}
