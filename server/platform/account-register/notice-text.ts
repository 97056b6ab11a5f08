import { formatDate } from '../../../contracts/format';
import { escapeHtml } from '../../http/html';

/**
 * The words of the account-holder register's notice before a removal for inactivity (issue 29 item
 * 9; docs/compliance.md "Account-holder register"), in the player's language (en, mk): pure, so they
 * are tested without a database. Dates are UTC calendar days.
 */

export type NoticeLanguage = 'en' | 'mk';

/** A UTC calendar day in words: "14 March 2027", "14 март 2027". */
export function dayInWords(at: Date, language: NoticeLanguage): string {
  return formatDate(at, language, { timeZone: 'UTC', month: 'long' });
}

export interface NoticeText {
  subject: string;
  paragraphs: string[];
  /** The player message's body: the paragraphs, escaped. */
  html: string;
  actionLabel: string;
}

export function noticeText(options: { language: NoticeLanguage; months: number; lastPlayAt: Date | null; dueAt: Date }): NoticeText {
  const due = dayInWords(options.dueAt, options.language);
  const since = options.lastPlayAt ? dayInWords(options.lastPlayAt, options.language) : null;
  const paragraphs =
    options.language === 'mk'
      ? [
          since ? `Не сте играле од ${since}.` : 'Не сте играле откако ја отворивте сметката.',
          `Според законот (Gambling Regulation Act 2024 на Ирска) сметката се затвора по ${options.months} месеци без игра. На ${due} ќе ја затвориме вашата сметка и ќе ги анонимизираме вашите лични податоци; евиденцијата за вашите уплати, исплати и игри ја чуваме колку што бара законот.`,
          `Ако сакате да ја задржите сметката, најавете се и играјте пред ${due}.`,
          'Ако на сметката имате пари, исплатете ги: сметка на која има пари или исплата во тек не ја затвораме.',
        ]
      : [
          since ? `You have not played since ${since}.` : 'You have not played since you opened your account.',
          `The law (Ireland's Gambling Regulation Act 2024) has an account closed after ${options.months} months without play. On ${due} we will close your account and anonymise your personal data; the records of your payments and play are kept as the law requires.`,
          `To keep your account, sign in and play before ${due}.`,
          'If there is money in your account, withdraw it: we do not close an account that holds money or has a withdrawal under way.',
        ];
  return {
    subject: options.language === 'mk' ? `Вашата сметка ќе биде затворена на ${due}` : `Your account will be closed on ${due}`,
    paragraphs,
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
    actionLabel: options.language === 'mk' ? 'Најавете се' : 'Sign in',
  };
}
