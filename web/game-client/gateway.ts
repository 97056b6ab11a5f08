/**
 * The game client's one connection to the real-time gateway (`/gs/ws`, contracts/realtime/messages):
 * the topics a panel follows on one socket, each with the last sequence number it has seen. When the
 * socket drops or its node restarts (1012) it reconnects with jittered exponential back-off and
 * subscribes every topic after its last number, so the gateway replays what was missed, in order,
 * before anything new. An ended session's close (4001) is final.
 *
 * A topic followed without a number starts live; its `subscribed` frame names the topic's last
 * number then, which is where the replay of a later reconnect starts. A panel that read the state
 * over HTTP first passes the number that read answered, so nothing between the read and the
 * subscription is lost. When no socket can open at all (a proxy without WebSocket support),
 * `onUnavailable` lets the panel read over HTTP instead.
 */

import { SESSION_ENDED_CLOSE_CODE, type ServerMessage } from '../../contracts/realtime/messages';
import { reconnectDelayMs } from '../../contracts/realtime/reconnect';

export interface TopicHandlers {
  /** Each event after the last one seen, once, in the topic's order. */
  onEvent: (payload: unknown, seq: number) => void;
  /** The gateway confirmed the subscription (on every connection), with the topic's last number. */
  onSubscribed?: (seq: number) => void;
}

export interface Gateway {
  follow(topic: string, handlers: TopicHandlers, after?: number): void;
  unfollow(topic: string): void;
  /** Stops following everything and closes the socket for good. */
  close(): void;
}

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Called once when the gateway closes a socket because the session that opened it has ended
 * (logout, a lock, a reality check's log out, the session's expiry): reconnecting would need a new
 * sign-in, so no socket tries again and the page says the session is over.
 */
export function whenSessionEnds(listener: SessionEndedListener): void {
  sessionEndedListeners.add(listener);
}

export function openGateway(options: { onConnected?: (connected: boolean) => void; onUnavailable?: () => void } = {}): Gateway {
  const topics = new Map<string, TopicHandlers & { lastSeq: number | undefined }>();
  let socket: WebSocket | null = null;
  let opened = false;
  let closed = false;
  let attempt = 0;
  let timer: number | undefined;

  const subscribe = (topic: string) => {
    const entry = topics.get(topic);
    if (!entry || socket?.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify(entry.lastSeq === undefined ? { type: 'subscribe', topic } : { type: 'subscribe', topic, after: entry.lastSeq }));
  };

  const connect = () => {
    if (closed) return;
    const url = new URL('/gs/ws', window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      opened = true;
      attempt = 0;
      options.onConnected?.(true);
      for (const topic of topics.keys()) subscribe(topic);
    });
    ws.addEventListener('message', (message: MessageEvent<string>) => {
      let frame: ServerMessage;
      try {
        frame = JSON.parse(String(message.data)) as ServerMessage;
      } catch {
        return;
      }
      if (frame.type !== 'subscribed' && frame.type !== 'event') return;
      const entry = topics.get(frame.topic);
      if (!entry) return;
      if (frame.type === 'subscribed') {
        entry.lastSeq ??= frame.seq;
        entry.onSubscribed?.(frame.seq);
        return;
      }
      if (entry.lastSeq !== undefined && frame.seq <= entry.lastSeq) return;
      entry.lastSeq = frame.seq;
      entry.onEvent(frame.payload, frame.seq);
    });
    ws.addEventListener('close', (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      if (closed) return;
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        closed = true;
        topics.clear();
        options.onConnected?.(false);
        for (const listener of sessionEndedListeners) listener();
        return;
      }
      options.onConnected?.(false);
      if (!opened) {
        options.onUnavailable?.();
        return;
      }
      // Any close but an ended session's, a node's restart (1012) included: jittered, so the
      // sockets of a restarted node do not all come back in the same instant.
      const wait = reconnectDelayMs(attempt);
      attempt += 1;
      timer = window.setTimeout(() => {
        timer = undefined;
        connect();
      }, wait);
    });
  };

  return {
    follow(topic, handlers, after) {
      topics.set(topic, { ...handlers, lastSeq: after });
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
      window.clearTimeout(timer);
      const open = socket;
      socket = null;
      open?.close();
    },
  };
}
