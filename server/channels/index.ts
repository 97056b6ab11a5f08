// The channels module's public face (docs/architecture.md §7l): public message channels, their
// messages on the real-time bus, and the routes the content service, players and staff use.
export { channelContentRoutes, channelModerationRoutes, channelPlayerRoutes, channelStaffRoutes } from './channels.handler';
export { channelTopic, ensureChatChannel, listPublicChannels, postMessage, readMessages, type MessageAuthor } from './channels.service';
