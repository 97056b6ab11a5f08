import { formatMinorMoney, monthName as nameOfMonth } from '../../../contracts/format';
import { escapeHtml } from '../../http/html';

/**
 * The monthly activity statement's figures and words (issue 29 item 10; docs/compliance.md
 * "Activity statements"): pure, so the figures and their formatting are tested without a database.
 */

export type StatementLanguage = 'en' | 'mk';

/** One currency's month, in minor units. */
export interface CurrencyFigures {
  currency: string;
  deposits: bigint;
  withdrawals: bigint;
  stakes: bigint;
  wins: bigint;
  closingBalance: bigint;
}

export interface StatementFigures extends CurrencyFigures {
  /** Deposits less withdrawals: what the player put in, net. */
  netDeposits: bigint;
  /** Wins less stakes: negative is what the player lost. */
  netResult: bigint;
}

export const figuresOf = (totals: CurrencyFigures): StatementFigures => ({
  ...totals,
  netDeposits: totals.deposits - totals.withdrawals,
  netResult: totals.wins - totals.stakes,
});

/** A currency with nothing moved and nothing held says nothing; it is left out of the statement. */
export const hasFigures = (figures: CurrencyFigures): boolean =>
  figures.deposits !== 0n || figures.withdrawals !== 0n || figures.stakes !== 0n || figures.wins !== 0n || figures.closingBalance !== 0n;

/** A UTC calendar month (YYYY-MM): its first instant and the next month's. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11) throw new Error(`not a month: ${month}`);
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/** The UTC month before the one `now` is in. */
export function monthBefore(now: Date): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function monthName(month: string, language: StatementLanguage): string {
  const { from } = monthBounds(month);
  return `${nameOfMonth(from.getUTCMonth() + 1, language)} ${from.getUTCFullYear()}`;
}

/** Time played in whole minutes, as hours and minutes. */
export function playTime(ms: bigint, language: StatementLanguage): string {
  const minutes = ms > 0n ? ms / 60_000n : 0n;
  const hours = minutes / 60n;
  const rest = minutes % 60n;
  return language === 'mk' ? `${hours} ч ${rest} мин` : `${hours} h ${rest} min`;
}

/** Money as the contracts write it, in the statement's language (issue 27 item 2). */
const money = (minor: bigint, currency: string, language: StatementLanguage) => formatMinorMoney(minor, currency, language);
/** A signed amount: the plus sign says a win or a net payment in as plainly as the minus a loss. */
const signed = (minor: bigint, currency: string, language: StatementLanguage) => formatMinorMoney(minor, currency, language, { signDisplay: 'always' });

const WORDS = {
  en: {
    subject: (month: string) => `Your activity statement for ${month}`,
    intro: (month: string) => `Here is what you did with Emerald in ${month} (UTC calendar month), from our ledger and your play clock.`,
    time: 'Time played',
    deposits: 'Deposits',
    withdrawals: 'Withdrawals',
    netDeposits: 'Net deposits (deposits less withdrawals)',
    stakes: 'Stakes',
    wins: 'Wins',
    netResult: 'Net result (wins less stakes)',
    won: 'you won',
    lost: 'you lost',
    even: 'even',
    balance: 'Balance at the end of the month',
    none: 'No money moved in your account this month.',
    outro: 'Real money only: bonus money is not included. Your limits, time-outs and self-exclusion are under Responsible gaming in your account.',
  },
  mk: {
    subject: (month: string) => `Ваш извод на активност за ${month}`,
    intro: (month: string) => `Ова е вашата активност во Emerald во ${month} (календарски месец по UTC), од нашата евиденција и вашиот часовник на играње.`,
    time: 'Време на играње',
    deposits: 'Уплати',
    withdrawals: 'Исплати',
    netDeposits: 'Нето уплати (уплати минус исплати)',
    stakes: 'Вложувања',
    wins: 'Добивки',
    netResult: 'Нето резултат (добивки минус вложувања)',
    won: 'добивка',
    lost: 'загуба',
    even: 'без промена',
    balance: 'Салдо на крајот на месецот',
    none: 'Овој месец немаше движење на пари на вашата сметка.',
    outro: 'Само вистински пари: бонус парите не се вклучени. Вашите лимити, паузи и самоисклучување се во Одговорно играње на вашата сметка.',
  },
} as const;

export interface StatementText {
  subject: string;
  /** The player message's body (HTML, every value escaped). */
  html: string;
  /** The same as plain paragraphs, for the e-mail (its layout escapes them). */
  paragraphs: string[];
}

/** The statement in the player's language: the month, time played and each currency's figures. */
export function statementText(input: { month: string; language: StatementLanguage; playMs: bigint; figures: StatementFigures[] }): StatementText {
  const words = WORDS[input.language];
  const month = monthName(input.month, input.language);
  const time = `${words.time}: ${playTime(input.playMs, input.language)}`;
  const sections = input.figures.map((f) => {
    const outcome = f.netResult > 0n ? words.won : f.netResult < 0n ? words.lost : words.even;
    return {
      currency: f.currency,
      lines: [
        `${words.deposits}: ${money(f.deposits, f.currency, input.language)}`,
        `${words.withdrawals}: ${money(f.withdrawals, f.currency, input.language)}`,
        `${words.netDeposits}: ${signed(f.netDeposits, f.currency, input.language)}`,
        `${words.stakes}: ${money(f.stakes, f.currency, input.language)}`,
        `${words.wins}: ${money(f.wins, f.currency, input.language)}`,
        `${words.netResult}: ${signed(f.netResult, f.currency, input.language)} (${outcome})`,
        `${words.balance}: ${money(f.closingBalance, f.currency, input.language)}`,
      ],
    };
  });
  const intro = words.intro(month);
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><strong>${escapeHtml(time)}</strong></p>`,
    ...(sections.length === 0 ? [`<p>${escapeHtml(words.none)}</p>`] : []),
    ...sections.map((section) => `<h4>${escapeHtml(section.currency)}</h4><ul>${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`),
    `<p>${escapeHtml(words.outro)}</p>`,
  ].join('');
  const paragraphs = [
    intro,
    time,
    ...(sections.length === 0 ? [words.none] : []),
    ...sections.flatMap((section) => [section.currency, ...section.lines]),
    words.outro,
  ];
  return { subject: words.subject(month), html, paragraphs };
}
