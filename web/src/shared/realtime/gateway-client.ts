import { SESSION_ENDED_CLOSE_CODE, serverMessageSchema } from '../../../../contracts/realtime/messages';
import { jitteredMs, reconnectDelayMs } from '../../../../contracts/realtime/reconnect';
import { serviceUrl } from '../api/service-addresses';

/** The real-time gateway's WebSocket address (`{gs}/ws`), on the page's scheme. */
export function gatewayUrl(): string {
  const address = new URL(serviceUrl('gs', '/ws'), window.location.href);
  address.protocol = address.protocol === 'https:' ? 'wss:' : 'ws:';
  return address.href;
}

export interface TopicSubscription {
  topic: string;
  /**
   * The last sequence number the page has seen, read at each (re)subscription: the gateway replays
   * what came after it first. Without it the first subscription is for live events, and each
   * reconnection resumes after the last number this subscription saw (the `subscribed` frame's
   * number when no event came), so nothing published while the socket was down is missed.
   */
  after?: () => number;
  /**
   * The ceilings of the waits before each reconnect in turn (ms), the last one repeated; each wait
   * is drawn between half its ceiling and the whole. Unset: exponential from 0.5 s to 10 s
   * (`reconnectDelayMs`). A subscription that succeeds starts them over.
   */
  reconnectMs?: readonly number[];
  /** The gateway has (re)subscribed the topic: `resumed` is true after a reconnect. */
  onSubscribed(resumed: boolean): void;
  onEvent(payload: unknown, seq: number): void;
  /** The socket closed and a reconnect is due. */
  onDisconnected?(): void;
  /**
   * The gateway closed the socket because the session that opened it has ended (logout elsewhere,
   * a lock, staff access ended): no reconnect is tried, a new one needs a new sign-in.
   */
  onSessionEnded?(): void;
}

/**
 * Follows one topic of the real-time gateway over its own WebSocket until the answered function is
 * called: subscribes on every (re)connect, hands on the topic's events once each, in order, and
 * reconnects after any close but an ended session's (4001, final) with jittered back-off, a node's
 * restart (1012) included. The session cookie the upgrade carries decides what may be followed.
 */
export function subscribeToTopic(subscription: TopicSubscription): () => void {
  const { topic, after, reconnectMs } = subscription;
  let stopped = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let subscribedBefore = false;
  /** The last sequence number handed on (or the first subscription's starting point). */
  let lastSeq: number | undefined;

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(gatewayUrl());
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', topic, after: after ? after() : lastSeq }));
    ws.onmessage = (frame) => {
      let data: unknown;
      try {
        data = JSON.parse(String(frame.data));
      } catch {
        return;
      }
      const message = serverMessageSchema.safeParse(data);
      if (!message.success) return;
      const body = message.data;
      if (body.type === 'subscribed' && body.topic === topic) {
        attempt = 0;
        lastSeq ??= body.seq;
        subscription.onSubscribed(subscribedBefore);
        subscribedBefore = true;
      } else if (body.type === 'event' && body.topic === topic) {
        // A replay may overlap what this socket or the last one already delivered.
        if (lastSeq !== undefined && body.seq <= lastSeq) return;
        lastSeq = body.seq;
        subscription.onEvent(body.payload, body.seq);
      }
    };
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      if (stopped) return;
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        stopped = true;
        subscription.onSessionEnded?.();
        return;
      }
      subscription.onDisconnected?.();
      const wait = reconnectMs?.length ? jitteredMs(reconnectMs[Math.min(attempt, reconnectMs.length - 1)]!) : reconnectDelayMs(attempt);
      timer = setTimeout(connect, wait);
      attempt += 1;
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
