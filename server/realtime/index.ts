// The real-time module's public face: publishing events in a transaction, the bus that delivers
// them in order on every node, and the WebSocket gateway (docs/architecture.md §7k).
export { createEventBus, lastSeqOf, pruneEvents, publish, REALTIME_CHANNEL, type BusEvent, type EventBus, type Subscription } from './event-bus';
export { maySubscribe, realtimeGateway, type GatewayOptions, type RealtimeIdentity } from './gateway';
