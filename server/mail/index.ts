// The mail module's public face: the outbox-first mailer and the message templates.
export { createMailer, type Mailer } from './mailer';
export { documentsApprovedMail, documentsRejectedMail, emailChangeMail, emailChangeNoticeMail, passwordChangedMail, passwordResetMail, referralInvitationMail, signupConfirmationMail, welcomeMail, type MailMessage } from './templates';
export { latestMail, outboxEntrySchema, type OutboxEntry } from './outbox';
