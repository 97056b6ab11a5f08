import { serverMessageSchema } from '../../../../contracts/realtime/messages';
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
   * what came after it first. Without it a subscription is for live events only.
   */
  after?: () => number;
  /** The waits before each reconnect in turn (ms), the last one repeated; a subscription that succeeds starts them over. */
  reconnectMs: readonly number[];
  /** The gateway has (re)subscribed the topic: `resumed` is true after a reconnect. */
  onSubscribed(resumed: boolean): void;
  onEvent(payload: unknown, seq: number): void;
  /** The socket closed and a reconnect is due. */
  onDisconnected?(): void;
}

/**
 * Follows one topic of the real-time gateway over its own WebSocket until the answered function is
 * called: subscribes on every (re)connect, hands on the topic's events, reconnects after a close.
 * The session cookie the upgrade carries decides what may be followed.
 */
export function subscribeToTopic(subscription: TopicSubscription): () => void {
  const { topic, after, reconnectMs } = subscription;
  let stopped = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let subscribedBefore = false;

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(gatewayUrl());
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'subscribe', topic, after: after?.() }));
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
        subscription.onSubscribed(subscribedBefore);
        subscribedBefore = true;
      } else if (body.type === 'event' && body.topic === topic) subscription.onEvent(body.payload, body.seq);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      if (stopped) return;
      subscription.onDisconnected?.();
      timer = setTimeout(connect, reconnectMs[Math.min(attempt, reconnectMs.length - 1)]);
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
