// The player messages module's public face (issue 13): other modules send a player a message with
// sendPlayerMessage; the routes list the messages and mark them read.
export { sendPlayerMessage, unreadMessageCount, type NewPlayerMessage } from './messages.repository';
// A subject as it will be stored (markup removed): what a sender checks before sending.
export { plainText as messageSubjectText } from './message-html';
// The back office's view of a player's messages.
export { playerMessages } from './messages.repository';
// The words of the messages Emerald writes, in the player's language (issue 27 item 1).
export * from './message-texts';
