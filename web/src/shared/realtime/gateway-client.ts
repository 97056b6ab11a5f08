import { jitteredMs } from '../../../../contracts/realtime/reconnect';
import { serviceUrl } from '../api/service-addresses';
import { openGateway } from './gateway-core';

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
 * Follows one topic of the real-time gateway over its own WebSocket (the shared gateway core,
 * `gateway-core.ts`) until the answered function is called: subscribes on every (re)connect, hands
 * on the topic's events once each, in order, and reconnects after any close but an ended session's
 * (4001, final) with jittered back-off, a node's restart (1012) included. The session cookie the
 * upgrade carries decides what may be followed.
 */
export function subscribeToTopic(subscription: TopicSubscription): () => void {
  const { topic, after, reconnectMs } = subscription;
  const gateway = openGateway({
    url: gatewayUrl,
    ...(reconnectMs?.length ? { reconnectWait: (attempt: number) => jitteredMs(reconnectMs[Math.min(attempt, reconnectMs.length - 1)]!) } : {}),
    onReconnecting: () => subscription.onDisconnected?.(),
    onSessionEnded: () => subscription.onSessionEnded?.(),
  });
  gateway.follow(
    topic,
    { onEvent: (payload, seq) => subscription.onEvent(payload, seq), onSubscribed: (_seq, resumed) => subscription.onSubscribed(resumed) },
    after,
  );
  return () => gateway.close();
}
