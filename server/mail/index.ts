// The mail module's public face: the outbox-first mailer and the message templates.
export { createMailer, type Mailer } from './mailer';
export {
  accountRemovalNoticeMail,
  activityStatementMail,
  documentsApprovedMail,
  documentsRejectedMail,
  emailChangeMail,
  emailChangeNoticeMail,
  marketingMail,
  passwordChangedMail,
  passwordResetMail,
  referralInvitationMail,
  signupConfirmationMail,
  welcomeMail,
  type MailMessage,
} from './templates';
export { latestMail, outboxEntrySchema, type OutboxEntry } from './outbox';
// The account-holder register's removal (issue 29 item 9): the outbox forgets a removed player's address.
export { forgetRecipient } from './forget';
