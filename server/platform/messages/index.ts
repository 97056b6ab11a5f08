// The player messages module's public face (issue 13): other modules send a player a message with
// sendPlayerMessage; the routes list the messages and mark them read.
export { sendPlayerMessage, unreadMessageCount, type NewPlayerMessage } from './messages.repository';
// The back office's view of a player's messages.
export { playerMessages } from './messages.repository';
export { getPlayerMessagesRoutes } from './get-player-messages.handler';
export { markMessagesReadRoutes } from './mark-messages-read.handler';
