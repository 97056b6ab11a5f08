// Live roulette's face inside the game server: the kind (registry.ts), the lobby from the
// configuration, the driver's tick and timer, and the players' operations.
export { liveRouletteKind } from './live-roulette-kind';
export { asRouletteTitle, liveLobbyFrom, topicOf, type LiveLobby, type LiveTable } from './live-tables';
export { drawPocket, LEASE_MS, liveBetReceipt, placeLiveBets, releaseLease, tableState, takeLease, tick, type TickResult } from './live-roulette';
export { startLiveDriver } from './live-driver';
