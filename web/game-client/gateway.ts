/**
 * The game client's one connection to the real-time gateway: the shared gateway core
 * (`web/src/shared/realtime/gateway-core.ts`) on this page's `/gs/ws`. The topics a panel follows
 * share one socket, each resuming from its last sequence number after a drop or a node's restart.
 * A topic followed without a number starts live; a panel that read the state over HTTP first passes
 * the number that read answered, so nothing between the read and the subscription is lost. When no
 * socket can open at all (a proxy without WebSocket support), `onUnavailable` lets the panel read
 * over HTTP instead.
 */

import { openGateway as openGatewayCore, type Gateway, type TopicHandlers } from '../src/shared/realtime/gateway-core';

export type { Gateway, TopicHandlers };

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
  return openGatewayCore({
    url: () => {
      const url = new URL('/gs/ws', window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      return url;
    },
    ...(options.onConnected ? { onConnected: options.onConnected } : {}),
    // Without a fallback of its own, a page whose first socket never opened stops trying, as before.
    onUnavailable: options.onUnavailable ?? (() => undefined),
    onSessionEnded: () => {
      for (const listener of sessionEndedListeners) listener();
    },
  });
}
