import { describe, expect, it } from 'vitest';
import {
  documentsApprovedMail,
  documentsRejectedMail,
  emailChangeMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  passwordResetMail,
  referralInvitationMail,
  signupConfirmationMail,
  welcomeMail,
} from './templates';

/** Mails a player gets are in their language (issue 27 item 1): English unless the player uses Macedonian. */
describe('mails in the player language', () => {
  const english = /\b(?!Emerald\b)[A-Za-z]{3,}\b/;
  const words = (mail: { subject: string; text: string }) => `${mail.subject}\n${mail.text.replace(/https?:\S+/g, '')}`;

  it('I18N-03 writes Macedonian for a Macedonian player, with no English word but the brand', () => {
    const mails = [
      passwordResetMail({ to: 'a@b.ie', username: 'ана', resetKey: '123456', resetUrl: 'https://emerald.test/reset', validMinutes: 30, language: 'mk' }),
      passwordChangedMail({ to: 'a@b.ie', username: 'ана', siteUrl: 'https://emerald.test', language: 'mk' }),
      documentsApprovedMail({ to: 'a@b.ie', username: 'ана', siteUrl: 'https://emerald.test', language: 'mk' }),
      documentsRejectedMail({
        to: 'a@b.ie',
        username: 'ана',
        reason: 'нејасна слика',
        identificationUrl: 'https://emerald.test/identification',
        language: 'mk',
      }),
      ...(['SUCCESS', 'ID_CHECK_LOCK', 'KYC_FAILED_LOCK'] as const).map((outcome) =>
        welcomeMail({ to: 'a@b.ie', username: 'ана', outcome, siteUrl: 'https://emerald.test', language: 'mk' }),
      ),
      signupConfirmationMail({ to: 'a@b.ie', username: 'ана', confirmUrl: 'https://emerald.test/confirm-signup?c=1', language: 'mk' }),
      emailChangeMail({ to: 'a@b.ie', username: 'ана', confirmUrl: 'https://emerald.test/account?c=1', validDays: 3, language: 'mk' }),
      emailChangeNoticeMail({ to: 'a@b.ie', username: 'ана', siteUrl: 'https://emerald.test', language: 'mk' }),
      referralInvitationMail({ to: 'a@b.ie', referrerName: 'Марко', referralUrl: 'https://emerald.test/?ref=1', language: 'mk' }),
      referralInvitationMail({ to: 'a@b.ie', referrerName: null, referralUrl: 'https://emerald.test/?ref=1', language: 'mk' }),
    ];
    // Every mail a player can get (welcome, confirmation, e-mail change and its notice, an invitation, …).
    expect(mails).toHaveLength(12);
    for (const mail of mails) {
      expect(words(mail), mail.template).not.toMatch(english);
      expect(mail.html).toContain('Играјте одговорно');
    }
  });

  it('keeps the button in the text part for a mail reader without HTML', () => {
    const mail = welcomeMail({ to: 'a@b.ie', username: 'ана', outcome: 'ID_CHECK_LOCK', siteUrl: 'https://emerald.test', language: 'mk' });
    expect(mail.text.endsWith('https://emerald.test/identification')).toBe(true);
    expect(mail.html).toContain('Испрати документи');
    expect(mail.template).toBe('welcome-id_check_lock');
  });

  it('keeps English by default', () => {
    const mail = documentsApprovedMail({ to: 'a@b.ie', username: 'ann', siteUrl: 'https://emerald.test' });
    expect(mail.subject).toBe('Your Emerald account is active');
    expect(mail.html).toContain('Play responsibly');
  });
});
