// The channels module's public face (server/channels/README.md): public message channels, their
// messages on the real-time bus, and the routes the content service, players and staff use.
export { channelTopic, ensureChatChannel, listPublicChannels, postMessage, readMessages, type MessageAuthor } from './channels.service';
export { chatNicknameOf, chatNicknames, setChatNickname } from './nickname.service';
// The account-holder register's removal of the player's nickname (issue 29 item 9).
export { forgetChatNickname } from './forget';
