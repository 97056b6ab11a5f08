/** Live support chat's English strings (issue 16 LIVE HELP; spec 000 §1). They load with the chat. */
export const supportEn = {
  'support.chat.lead': 'Write to our support team. Your conversation is kept, so you can come back to it.',
  'support.chat.empty': 'No messages yet. How can we help?',
  'support.chat.message': 'Your message',
  'support.chat.send': 'Send',
  'support.chat.you': 'You',
  'support.chat.staff': 'Emerald support',
  'support.chat.closedHours': 'Support is closed now. Leave a message: someone will answer when we open, {{when}}.',
  'support.chat.openHours': 'Support is online now.',
  'support.chat.conversationClosed': 'This conversation was closed. Writing again starts a new one.',
  'support.chat.signIn': 'Sign in to chat with support, or call us free or send an e-mail.',
  'support.chat.tooFast': 'You are sending messages too quickly. Wait a few seconds.',
  'support.chat.failed': 'The message was not sent. Try again.',
  'support.bo.tab': 'Support',
  'support.bo.lead': 'Players waiting for an answer come first. Answers reach the player at once and are audited.',
  'support.bo.empty': 'No open conversations.',
  'support.bo.waiting': 'Waiting for an answer',
  'support.bo.answered': 'Answered',
  'support.bo.open': 'Open',
  'support.bo.answer': 'Answer',
  'support.bo.send': 'Send answer',
  'support.bo.close': 'Close conversation',
  'support.bo.back': 'Back to the queue',
} as const;

export type SupportTranslationKey = keyof typeof supportEn;
