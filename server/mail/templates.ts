import { escapeHtml } from '../http/html';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
}

function layout(title: string, paragraphs: string[], action?: { label: string; href: string }): string {
  const body = paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#eeb547;color:#1d1303;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:700">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#04140e;font-family:Arial,Helvetica,sans-serif;color:#edf6f0"><div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="color:#34d399;font-size:22px">${escapeHtml(title)}</h1>${body}${button}<p style="color:#9fb8aa;font-size:12px;margin-top:32px">Emerald · Play responsibly · 18+</p></div></body></html>`;
}

export function passwordResetMail(options: { to: string; username: string; resetKey: string; resetUrl: string; validMinutes: number }): MailMessage {
  const paragraphs = [
    `Hello ${options.username},`,
    'We received a request to reset the password of your Emerald account.',
    `Your reset key is: ${options.resetKey}`,
    `Open the link below, or enter the key on the reset form. It works once and expires in ${options.validMinutes} minutes.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  ];
  return {
    to: options.to,
    subject: 'Reset your Emerald password',
    template: 'password-reset',
    text: [...paragraphs, options.resetUrl].join('\n\n'),
    html: layout('Reset your password', paragraphs, { label: 'Reset my password', href: options.resetUrl }),
  };
}

export function welcomeMail(options: { to: string; username: string; outcome: 'SUCCESS' | 'ID_CHECK_LOCK' | 'KYC_FAILED_LOCK'; siteUrl: string }): MailMessage {
  const byOutcome = {
    SUCCESS: ['Your identity and age have been verified. You can deposit and play for real straight away.'],
    ID_CHECK_LOCK: [
      'Thank you for registering. We could not confirm your identity electronically.',
      'Please sign in and submit your identity documents from the Identification page so that we can activate your account.',
    ],
    KYC_FAILED_LOCK: [
      'Thank you for registering. An age verification check is running on your account.',
      'It usually takes under 30 minutes between 7am and 11pm, longer overnight. We will e-mail you when your account is active.',
    ],
  } as const;
  const paragraphs = [`Welcome to Emerald, ${options.username}!`, ...byOutcome[options.outcome]];
  // ID_CHECK_LOCK: the link leads to the page where documents are uploaded (issue 13).
  const action = options.outcome === 'ID_CHECK_LOCK' ? { label: 'Submit my documents', href: `${options.siteUrl}/identification` } : { label: 'Go to Emerald', href: options.siteUrl };
  return {
    to: options.to,
    subject: 'Welcome to Emerald',
    template: `welcome-${options.outcome.toLowerCase()}`,
    text: [...paragraphs, action.href].join('\n\n'),
    html: layout('Welcome to Emerald', paragraphs, action),
  };
}

export function signupConfirmationMail(options: { to: string; username: string; confirmUrl: string }): MailMessage {
  const paragraphs = [
    `Hello ${options.username},`,
    'Thank you for joining Emerald. Please confirm your e-mail address with the link below; it works once and stays valid for 7 days.',
    'If you did not sign up, you can ignore this e-mail.',
  ];
  return {
    to: options.to,
    subject: 'Confirm your Emerald e-mail address',
    template: 'signup-confirmation',
    text: [...paragraphs, options.confirmUrl].join('\n\n'),
    html: layout('Confirm your e-mail address', paragraphs, { label: 'Confirm my e-mail', href: options.confirmUrl }),
  };
}

export function passwordChangedMail(options: { to: string; username: string; siteUrl: string }): MailMessage {
  const paragraphs = [
    `Hello ${options.username},`,
    'The password of your Emerald account has just been changed, and every other device signed in to your account has been signed out.',
    'If you did not change it, reset your password straight away with "Forgot password" and contact our support team.',
  ];
  return {
    to: options.to,
    subject: 'Your Emerald password has been changed',
    template: 'password-changed',
    text: [...paragraphs, options.siteUrl].join('\n\n'),
    html: layout('Your password has been changed', paragraphs, { label: 'Go to Emerald', href: options.siteUrl }),
  };
}

export function emailChangeMail(options: { to: string; username: string; confirmUrl: string; validDays: number }): MailMessage {
  const paragraphs = [
    `Hello ${options.username},`,
    'You asked to use this e-mail address for your Emerald account. Please confirm it with the link below; until then your account keeps its current address.',
    `The link works once, while you are signed in, and stays valid for ${options.validDays} days. If you did not ask for this, you can ignore this e-mail.`,
  ];
  return {
    to: options.to,
    subject: 'Confirm your new Emerald e-mail address',
    template: 'email-change',
    text: [...paragraphs, options.confirmUrl].join('\n\n'),
    html: layout('Confirm your new e-mail address', paragraphs, { label: 'Confirm my new e-mail', href: options.confirmUrl }),
  };
}

export function emailChangeNoticeMail(options: { to: string; username: string; siteUrl: string }): MailMessage {
  const paragraphs = [
    `Hello ${options.username},`,
    'Someone signed in to your Emerald account asked to change its e-mail address. The change takes effect only when the link sent to the new address is followed.',
    'If this was not you, change your password now and contact our support team.',
  ];
  return {
    to: options.to,
    subject: 'A change of your Emerald e-mail address was requested',
    template: 'email-change-notice',
    text: [...paragraphs, options.siteUrl].join('\n\n'),
    html: layout('E-mail address change requested', paragraphs, { label: 'Go to Emerald', href: options.siteUrl }),
  };
}

/** The identity documents a player uploaded were approved by staff: the account may now play for real. */
export function documentsApprovedMail(options: { to: string; username: string; siteUrl: string }): MailMessage {
  const paragraphs = [
    `Hello ${options.username},`,
    'Thank you for your patience. Your documents have been verified and your Emerald account is now active.',
    'You can deposit and play for real straight away.',
  ];
  return {
    to: options.to,
    subject: 'Your Emerald account is active',
    template: 'documents-approved',
    text: [...paragraphs, options.siteUrl].join('\n\n'),
    html: layout('Your account is active', paragraphs, { label: 'Start playing', href: options.siteUrl }),
  };
}

/** Staff could not accept the documents: the player is told why and where to upload again. */
export function documentsRejectedMail(options: { to: string; username: string; reason: string | null; identificationUrl: string }): MailMessage {
  const paragraphs = [
    `Hello ${options.username},`,
    'We could not verify your identity from the documents you sent.',
    ...(options.reason ? [`Reason: ${options.reason}`] : []),
    'Please upload a clear copy of a valid identity document from the Identification page.',
  ];
  return {
    to: options.to,
    subject: 'We could not verify your Emerald documents',
    template: 'documents-rejected',
    text: [...paragraphs, options.identificationUrl].join('\n\n'),
    html: layout('Please upload your documents again', paragraphs, { label: 'Upload documents', href: options.identificationUrl }),
  };
}

/** Refer a friend: an invitation with the referrer's link (the only thing it carries of the referrer is their first name, if given). */
export function referralInvitationMail(options: { to: string; referrerName: string | null; referralUrl: string }): MailMessage {
  const who = options.referrerName ? `${options.referrerName}, a friend of yours,` : 'A friend of yours';
  const paragraphs = [
    'Life is Better with Friends!',
    `${who} has invited you to play at Emerald, the casino and bingo portal.`,
    'Open the link below to join. You must be 18 or over to play.',
    "If you do not know the sender, you can ignore this e-mail: we keep your address only as part of your friend's invitation.",
  ];
  return {
    to: options.to,
    subject: 'You are invited to Emerald',
    template: 'referral-invitation',
    text: [...paragraphs, options.referralUrl].join('\n\n'),
    html: layout('You are invited to Emerald', paragraphs, { label: 'Join Emerald', href: options.referralUrl }),
  };
}
