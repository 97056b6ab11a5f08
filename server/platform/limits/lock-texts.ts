import type { Language } from '../../../contracts/content/translations';
import { formatDate, formatDateTime, formatMoney } from '../../../contracts/format';
import type { LockCashPayback } from '../../../contracts/platform/limits/limits';

/**
 * The words of a time-out or self-exclusion a player reads — the lock's answer and the refusal of
 * sign-in while it runs — in the player's language, dates and money as the contracts write them
 * (issue 27 items 1 and 2). Moments are in UTC and say so: the server does not know the player's zone.
 */
export type LockKind = 'EXCLUSION' | 'TIMEOUT';

/** A stored lock type as one of the two kinds (anything but a self-exclusion reads as a time-out). */
const kindOf = (lockType: string): LockKind => (lockType === 'EXCLUSION' ? 'EXCLUSION' : 'TIMEOUT');

const utc = (at: Date, language: Language) => `${formatDateTime(at, language, { timeZone: 'UTC' })} UTC`;
const day = (at: Date, language: Language) => formatDate(at, language, { timeZone: 'UTC', month: 'long' });

const words = {
  en: {
    state: { EXCLUSION: 'self-excluded', TIMEOUT: 'on a time-out' },
    until: (state: string, when: string) => `You are ${state} until ${when}.`,
    closed: (state: string, when: string) => `You are ${state} until ${when}. Your account is closed to play at your request until then.`,
    paid: (amount: string, to: string) => `${amount} has been paid back to ${to}.`,
    paying: (amount: string, to: string) => `${amount} is being paid back to ${to}.`,
    staff: (amount: string) => `${amount} will be returned to you by our payments team, who will contact you.`,
    processing: 'Your cash balance is being paid back to the methods you deposited with; we will send you a message saying where.',
    reopens: (when: string) => `Your request to return has been received. Your account reopens on ${when}.`,
    received: (when: string) => `Your request has been received. Your account reopens on ${when}.`,
  },
  mk: {
    state: { EXCLUSION: 'самоисклучени', TIMEOUT: 'на пауза' },
    until: (state: string, when: string) => `Вие сте ${state} до ${when}.`,
    closed: (state: string, when: string) => `Вие сте ${state} до ${when}. Вашата сметка е затворена за игра на ваше барање до тогаш.`,
    paid: (amount: string, to: string) => `${amount} ви се вратени на ${to}.`,
    paying: (amount: string, to: string) => `${amount} ви се враќаат на ${to}.`,
    staff: (amount: string) => `${amount} ќе ви ги врати нашиот тим за плаќања, кој ќе ве контактира.`,
    processing: 'Вашето салдо во готовина ви се враќа на начините на плаќање со кои уплативте; ќе ви испратиме порака каде.',
    reopens: (when: string) => `Вашето барање за враќање е примено. Вашата сметка повторно се отвора на ${when}.`,
    received: (when: string) => `Вашето барање е примено. Вашата сметка повторно се отвора на ${when}.`,
  },
} satisfies Record<Language, unknown>;

/** The lock's answer in words: until when, and what happens to the player's cash. */
export function lockMessage(lockType: string, endsAt: Date, payback: LockCashPayback | null, language: Language): string {
  const text = words[language];
  const parts = [text.until(text.state[kindOf(lockType)], day(endsAt, language))];
  if (payback) {
    const amount = (entry: { amount: number; currency: string }) => formatMoney(entry.amount, entry.currency, language);
    for (const payout of payback.payouts)
      parts.push((payout.paymentStatus === 'SUCCESS' ? text.paid : text.paying)(amount(payout), payout.destination ?? payout.paymentMethod));
    for (const entry of payback.staffReturns) parts.push(text.staff(amount(entry)));
    if (payback.processing) parts.push(text.processing);
  }
  return parts.join(' ');
}

/** The refusal of a player whose lock runs: until when, at the player's request. */
export const lockedText = (lockType: string, endsAt: Date, language: Language): string =>
  words[language].closed(words[language].state[kindOf(lockType)], day(endsAt, language));

/** A self-excluded player asked to return: when the account reopens. */
export const reopensText = (opens: Date, language: Language): string => words[language].reopens(utc(opens, language));

/** The answer to the request to return. */
export const returnReceivedText = (opens: Date, language: Language): string => words[language].received(utc(opens, language));

const restricted = {
  en: (when: string) => `You are on a time-out until ${when}. Until then only your balance, withdrawals, responsible gaming tools and support are open.`,
  mk: (when: string) => `Вие сте на пауза до ${when}. Дотогаш се отворени само вашето салдо, исплатите, алатките за одговорно играње и поддршката.`,
} satisfies Record<Language, unknown>;

/** What a restricted session (a time-out in force) meets at an operation not open to it. */
export const restrictedText = (until: Date, language: Language): string => restricted[language](day(until, language));

const running = {
  en: (kind: LockKind, when: string) => `Your ${kind === 'EXCLUSION' ? 'self-exclusion' : 'time-out'} runs until ${when}; it cannot be shortened.`,
  mk: (kind: LockKind, when: string) => `Вашето ${kind === 'EXCLUSION' ? 'самоисклучување' : 'пауза'} трае до ${when}; не може да се скрати.`,
} satisfies Record<Language, unknown>;

/** A running lock cannot be shortened by asking to return. */
export const stillRunningText = (lockType: string, endsAt: Date, language: Language): string => running[language](kindOf(lockType), day(endsAt, language));
