import type { Language } from '../../../contracts/content/translations';
import { formatMinorMoney } from '../../../contracts/format';
import type { DocumentTypeCode } from '../../../contracts/platform/documents/document-types';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../http/html';
import { findPlayer } from '../accounts';
import { languageOf } from '../language/language';

/**
 * The words of the messages Emerald writes to a player (issue 27 item 1), in the player's language
 * — the one they last used the portal in (`player.language`) — with money as the contracts write
 * it. Each builder answers a subject and an HTML body; the values put in are escaped here.
 */
export interface MessageText {
  subject: string;
  body: string;
}

/** The language a player reads their messages in. */
export async function messageLanguage(db: Db, playerId: string): Promise<Language> {
  return languageOf((await findPlayer(db, playerId))?.language);
}

const money = (minor: bigint, currency: string, language: Language) => escapeHtml(formatMinorMoney(minor, currency, language));

export function documentsVerifiedMessage(language: Language): MessageText {
  return language === 'mk'
    ? {
        subject: 'Вашите документи се потврдени',
        body: '<p>Ви благодариме за трпението. Вашите документи се потврдени и вашата сметка е активна: можете да уплаќате и да играте со вистински пари.</p>',
      }
    : {
        subject: 'Your documents have been verified',
        body: '<p>Thank you for your patience. Your documents have been verified and your account is now active: you can deposit and play for real.</p>',
      };
}

export function documentsRejectedMessage(language: Language, reason: string | null): MessageText {
  const why = (label: string) => (reason ? `<p>${label}: ${escapeHtml(reason)}</p>` : '');
  return language === 'mk'
    ? {
        subject: 'Не успеавме да ги потврдиме вашите документи',
        body: `<p>Не успеавме да го потврдиме вашиот идентитет од документите што ги испративте.</p>${why('Причина')}<p>Прикачете јасна копија од важечки документ за идентитет на <a href="/identification">страницата за идентификација</a>.</p>`,
      }
    : {
        subject: 'We could not verify your documents',
        body: `<p>We could not verify your identity from the documents you sent.</p>${why('Reason')}<p>Please upload a clear copy of a valid identity document from the <a href="/identification">Identification page</a>.</p>`,
      };
}

const documentNames: Record<Language, Record<DocumentTypeCode, string>> = {
  en: {
    IDENTITY_CARD: 'identity card',
    PASSPORT: 'passport',
    driving_license: 'driving licence',
    ADDRESS_CARD: 'address card',
    PROOF_OF_ADDRESS: 'proof of address',
    BANK_STATEMENT: 'bank statement',
    SOURCE_OF_FUNDS: 'source of funds document',
    OTHER: 'document',
  },
  mk: {
    IDENTITY_CARD: 'лична карта',
    PASSPORT: 'пасош',
    driving_license: 'возачка дозвола',
    ADDRESS_CARD: 'потврда за адреса',
    PROOF_OF_ADDRESS: 'доказ за адреса',
    BANK_STATEMENT: 'банкарски извод',
    SOURCE_OF_FUNDS: 'документ за потеклото на средствата',
    OTHER: 'документ',
  },
};

export function uploadAgainMessage(language: Language, documentType: DocumentTypeCode, reason: string): MessageText {
  const name = documentNames[language][documentType];
  return language === 'mk'
    ? {
        subject: `Прикачете го повторно документот: ${name}`,
        body: `<p>На нашиот тим му треба ново прикачување на документот: ${escapeHtml(name)}.</p><p>Причина: ${escapeHtml(reason)}</p><p>Прикачете го во делот Документи на <a href="/account">вашата сметка</a>.</p>`,
      }
    : {
        subject: `Please upload your ${name} again`,
        body: `<p>Our team needs a new upload of your ${escapeHtml(name)}.</p><p>Reason: ${escapeHtml(reason)}</p><p>Please upload it in the Documents section of <a href="/account">your account</a>.</p>`,
      };
}

export function withdrawalApprovedMessage(language: Language, amount: bigint, currency: string): MessageText {
  const sum = money(amount, currency, language);
  return language === 'mk'
    ? { subject: 'Вашата исплата е одобрена', body: `<p>Вашата исплата од ${sum} е одобрена и се исплаќа. Обично пристигнува во рок од еден работен ден.</p>` }
    : {
        subject: 'Your withdrawal was approved',
        body: `<p>Your withdrawal of ${sum} was approved and is being paid out. It usually arrives within one working day.</p>`,
      };
}

export function withdrawalRejectedMessage(language: Language, amount: bigint, currency: string, reason: string): MessageText {
  const sum = money(amount, currency, language);
  return language === 'mk'
    ? {
        subject: 'Вашата исплата не е одобрена',
        body: `<p>Вашата исплата од ${sum} не е одобрена, и износот е вратен во вашето салдо.</p><p>${escapeHtml(reason)}</p>`,
      }
    : {
        subject: 'Your withdrawal was not approved',
        body: `<p>Your withdrawal of ${sum} was not approved, and the amount is back in your balance.</p><p>${escapeHtml(reason)}</p>`,
      };
}

const paybackSubject: Record<Language, string> = { en: 'Your balance after your self-exclusion', mk: 'Вашето салдо по самоисклучувањето' };

/** A payout back to the player after a self-exclusion failed at the provider: the money stays, staff return it. */
export function paybackFailedMessage(language: Language, amount: bigint, currency: string): MessageText {
  const sum = money(amount, currency, language);
  return {
    subject: paybackSubject[language],
    body:
      language === 'mk'
        ? `<p>Плаќањето од ${sum} назад до вас не можеше да се заврши. Парите се безбедни во вашата сметка, а нашиот тим за плаќања ќе ве контактира за тоа каде да ги испрати.</p>`
        : `<p>The payment of ${sum} back to you could not be completed. The money is safe in your account, and our payments team will contact you about where to send it.</p>`,
  };
}

/** One payout of a self-exclusion's payback, as the message lists it. */
export interface PaybackLine {
  amount: bigint;
  currency: string;
  outcome: 'PAID' | 'PENDING' | 'LEFT_FOR_STAFF';
  destination: string | null;
}

/** What was paid back where after a self-exclusion, and what staff return. */
export function paybackMessage(language: Language, payouts: readonly PaybackLine[]): MessageText {
  const mk = language === 'mk';
  const lines = payouts.map((payout) => {
    const sum = formatMinorMoney(payout.amount, payout.currency, language);
    const to = payout.destination ?? (mk ? 'начинот со кој уплативте' : 'the method you deposited with');
    if (payout.outcome === 'LEFT_FOR_STAFF')
      return mk
        ? `${sum} ќе ви ги врати нашиот тим за плаќања, кој ќе ве контактира за тоа каде да ги испрати.`
        : `${sum} will be returned to you by our payments team, who will contact you about where to send it.`;
    if (payout.outcome === 'PAID') return mk ? `${sum} ви се вратени на ${to}.` : `${sum} has been paid back to ${to}.`;
    return mk ? `${sum} ви се враќаат на ${to}.` : `${sum} is being paid back to ${to}.`;
  });
  const intro = mk
    ? 'Вашето самоисклучување започна, па готовината во вашата сметка ви се враќа.'
    : 'Your self-exclusion has started, so the cash in your account is returned to you.';
  return { subject: paybackSubject[language], body: `<p>${intro}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}` };
}
