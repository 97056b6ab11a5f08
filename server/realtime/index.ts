// The real-time module's public face: publishing events in a transaction, the bus that delivers
// them in order on every node, the WebSocket gateway, and the notices that close a socket on every
// node when its session ends (server/realtime/README.md).
export { createEventBus, lastSeqOf, pruneEvents, publish, REALTIME_CHANNEL, type BusEvent, type EventBus, type Subscription } from './event-bus';
export { maySubscribe, realtimeGateway, type GatewayOptions, type RealtimeIdentity } from './gateway';
export {
  announceSessionEnd,
  createSessionEndFeed,
  executeSessionEnd,
  playerHolder,
  SESSION_END_CHANNEL,
  sessionEndNoticeSql,
  staffHolder,
  type SessionEndFeed,
  type SessionHolder,
} from './session-ends';
