/**
 * The Refer a Friend tab's English strings (spec 001 §2 "Refer a friend", §8; REF-01…12). They
 * load with the tab; the error codes are the server's referFriend errors (REF-08).
 */
export const referralsEn = {
  'referrals.title': 'Life is Better with Friends!',
  'referrals.lead':
    'Invite your friends to Emerald. When a friend who joined through your link has verified their account and made a first deposit of {{minimum}} or more, you receive {{reward}} in bonus money, with the usual wagering rules.',
  'referrals.note': 'Enter one address per line or comma-separated. Only {{max}} addresses per username can be submitted.',
  'referrals.remaining': 'Addresses you can still invite: {{count}}',
  'referrals.field': 'E-mail address {{number}}',
  'referrals.fields': 'Friends’ e-mail addresses',
  'referrals.send': 'Send',
  'referrals.sending': 'Sending…',
  'referrals.sent': 'Sent!',
  'referrals.sendFailed': 'We could not send the invitations. Please try again.',
  'referrals.errorsTitle': 'Nothing was sent:',
  'referrals.linkTitle': 'Your referral link',
  'referrals.linkHint': 'Share it with friends: signing up through it links them to you.',
  'referrals.copy': 'Copy link',
  'referrals.copied': 'Copied',
  'referrals.friendsTitle': 'Your friends',
  'referrals.count.invited': 'Invited',
  'referrals.count.joined': 'Joined',
  'referrals.count.qualified': 'Qualified',
  'referrals.column.email': 'E-mail address',
  'referrals.column.stage': 'Stage',
  'referrals.stage.INVITED': 'Invited',
  'referrals.stage.JOINED': 'Joined',
  'referrals.stage.QUALIFIED': 'Qualified',
  'referrals.linkFriend': 'A friend who joined through your link',
  'referrals.noFriends': 'No friends invited yet.',
  'referrals.loading': 'Loading…',
  'referrals.loadFailed': 'We could not load Refer a Friend.',
  'referrals.retry': 'Try again',
  'referrals.error.INVALID_EMAIL': 'Invalid e-mail address',
  'referrals.error.DUPLICATE_EMAIL': 'Entered more than once',
  'referrals.error.ALREADY_INVITED': 'Already invited',
  'referrals.error.ALREADY_REGISTERED': 'Already registered',
  'referrals.error.OWN_EMAIL': 'Your own address',
  'referrals.error.LIMIT_REACHED': 'Over the limit of addresses per username',
} as const;

export type ReferralsTranslationKey = keyof typeof referralsEn;
