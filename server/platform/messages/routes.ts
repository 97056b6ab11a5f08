// The module's HTTP routes, for the plugin that mounts its prefix; its services and types are in index.ts.
export { getPlayerMessagesRoutes } from './get-player-messages.handler';
export { markMessagesReadRoutes } from './mark-messages-read.handler';
