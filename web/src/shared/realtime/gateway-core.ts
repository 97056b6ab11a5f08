import { SESSION_ENDED_CLOSE_CODE, serverMessageSchema } from '../../../../contracts/realtime/messages';
import { reconnectDelayMs } from '../../../../contracts/realtime/reconnect';

/**
 * The one client of the real-time gateway (`/gs/ws`, contracts/realtime/messages), shared by the
 * portal (`gateway-client.ts`) and the game client (`web/game-client/gateway.ts`): the topics
 * followed on one socket, each with the last sequence number it has seen, every frame read by the
 * contract. When the socket drops or its node restarts (1012) it reconnects with jittered back-off
 * and subscribes every topic after its last number, so the gateway replays what was missed, in
 * order, before anything new; a replay overlapping what was seen is not handed on twice. An ended
 * session's close (4001) is final. It imports nothing of the portal, so the game client's bundle
 * takes it as it is.
 */

export interface TopicHandlers {
  /** Each event after the last one seen, once, in the topic's order. */
  onEvent(payload: unknown, seq: number): void;
  /**
   * The gateway confirmed the subscription, with the topic's last number; `resumed` is true on
   * every confirmation after the first (a reconnect).
   */
  onSubscribed?(seq: number, resumed: boolean): void;
}

/**
 * Where a topic's subscription starts. A number: after it (a panel that read the state over HTTP
 * passes the number that read answered). A function: read at every (re)subscription, for a page
 * that keeps its own last number. None: live events first, then after the last number seen.
 */
export type FollowFrom = number | (() => number | undefined) | undefined;

export interface GatewayOptions {
  /** The gateway's WebSocket address, read at every connect. */
  url(): string | URL;
  /** The wait before the reconnect after `attempt` failures in a row (default: jittered 0.5 s to 10 s). */
  reconnectWait?(attempt: number): number;
  /** The socket opened (true) or closed (false), whatever the reason. */
  onConnected?(connected: boolean): void;
  /** A close after which a reconnect is due. */
  onReconnecting?(): void;
  /**
   * Given, a gateway whose first socket never opened (a proxy without WebSocket support) calls it
   * and stops, so the page can read over HTTP; not given, it keeps trying.
   */
  onUnavailable?(): void;
  /** The gateway closed the socket because the session that opened it has ended: no reconnect. */
  onSessionEnded?(): void;
}

export interface Gateway {
  follow(topic: string, handlers: TopicHandlers, from?: FollowFrom): void;
  unfollow(topic: string): void;
  /** Stops following everything and closes the socket for good. */
  close(): void;
}

interface Followed {
  handlers: TopicHandlers;
  from: (() => number | undefined) | undefined;
  lastSeq: number | undefined;
  confirmed: boolean;
}

export function openGateway(options: GatewayOptions): Gateway {
  const topics = new Map<string, Followed>();
  let socket: WebSocket | null = null;
  let opened = false;
  let closed = false;
  /** Failures in a row since the last confirmed subscription: the back-off's step. */
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const subscribe = (topic: string) => {
    const entry = topics.get(topic);
    if (!entry || socket?.readyState !== WebSocket.OPEN) return;
    const after = entry.from ? entry.from() : entry.lastSeq;
    socket.send(JSON.stringify(after === undefined ? { type: 'subscribe', topic } : { type: 'subscribe', topic, after }));
  };

  const receive = (data: unknown) => {
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type !== 'subscribed' && frame.type !== 'event') return;
    const entry = topics.get(frame.topic);
    if (!entry) return;
    if (frame.type === 'subscribed') {
      attempt = 0;
      entry.lastSeq ??= frame.seq;
      const resumed = entry.confirmed;
      entry.confirmed = true;
      entry.handlers.onSubscribed?.(frame.seq, resumed);
      return;
    }
    if (entry.lastSeq !== undefined && frame.seq <= entry.lastSeq) return;
    entry.lastSeq = frame.seq;
    entry.handlers.onEvent(frame.payload, frame.seq);
  };

  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(options.url());
    socket = ws;
    ws.addEventListener('open', () => {
      opened = true;
      options.onConnected?.(true);
      for (const topic of topics.keys()) subscribe(topic);
    });
    ws.addEventListener('message', (message: MessageEvent) => receive(message.data));
    ws.addEventListener('close', (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (closed) return;
      options.onConnected?.(false);
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        closed = true;
        topics.clear();
        options.onSessionEnded?.();
        return;
      }
      if (!opened && options.onUnavailable) {
        closed = true;
        options.onUnavailable();
        return;
      }
      options.onReconnecting?.();
      // Any close but an ended session's, a node's restart (1012) included: jittered, so the
      // sockets of a restarted node do not all come back in the same instant.
      const wait = options.reconnectWait ? options.reconnectWait(attempt) : reconnectDelayMs(attempt);
      attempt += 1;
      timer = setTimeout(() => {
        timer = undefined;
        connect();
      }, wait);
    });
  };

  return {
    follow(topic, handlers, from) {
      topics.set(topic, {
        handlers,
        from: typeof from === 'function' ? from : undefined,
        lastSeq: typeof from === 'number' ? from : undefined,
        confirmed: false,
      });
      if (!socket && !closed && timer === undefined) connect();
      else subscribe(topic);
    },
    unfollow(topic) {
      if (!topics.delete(topic)) return;
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'unsubscribe', topic }));
    },
    close() {
      closed = true;
      topics.clear();
      clearTimeout(timer);
      const open = socket;
      socket = null;
      open?.close();
    },
  };
}
