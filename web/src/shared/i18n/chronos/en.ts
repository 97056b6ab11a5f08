/** The Chronos page's English strings (spec 000 §2, §3; CONTENT-24…27). They load with the page. */
export const chronosEn = {
  'chronos.title': 'Chronos',
  'chronos.intro': 'News, big wins and the players’ lounge, live as they happen.',
  'chronos.widget.banner': 'Banner',
  'chronos.widget.plain': 'Waterfall',
  'chronos.widget.chat': 'Chat',
  'chronos.channel': 'Channel',
  'chronos.empty': 'No messages on this channel yet.',
  'chronos.staff': 'Emerald team',
  'chronos.message': 'Message',
  'chronos.send': 'Send',
  'chronos.signInToChat': 'Sign in to join the chat.',
  'chronos.readOnly': 'This channel is for reading only.',
  'chronos.offline': 'Reconnecting…',
  'chronos.tooFast': 'You are sending messages too quickly. Wait a few seconds.',
  'chronos.bo.tab': 'Channels',
  'chronos.bo.lead': 'Post to a public channel. Players see it at once on the Chronos page; the post is audited.',
  'chronos.bo.post': 'Post to channel',
  'chronos.bo.posted': 'Posted.',
} as const;

export type ChronosTranslationKey = keyof typeof chronosEn;
