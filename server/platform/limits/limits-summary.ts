import type { Language } from '../../../contracts/content/translations';
import { formatMoney } from '../../../contracts/format';
import type { LimitType, PeriodType } from '../../../contracts/platform/limits/limits';

/** One limit in force, as the summary reads it. */
export interface SummaryLimit {
  limitType: LimitType;
  periodType: PeriodType;
  limit: number;
  currency?: string | null | undefined;
}

type Period = 'day' | 'week' | 'month' | 'year' | 'session';
const periodOf: Record<PeriodType, Period> = {
  Daily: 'day',
  Day: 'day',
  Weekly: 'week',
  Week: 'week',
  Monthly: 'month',
  Month: 'month',
  Year: 'year',
  Session: 'session',
};

const words = {
  en: {
    none: 'You have no limits set. Limits help you stay in control: set them below.',
    intro: 'Your limits',
    names: {
      DEPOSIT_LIMIT: 'deposit limit',
      LOSS_LIMIT: 'loss limit',
      WAGER_LIMIT: 'wager limit',
      SESSION_LIMIT: 'session limit',
      GAME_TIME_LIMIT: 'game time limit',
      REALITY_CHECK: 'reality check',
    },
    periods: { day: 'daily ', week: 'weekly ', month: 'monthly ', year: 'yearly ', session: '' },
    minutes: (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`,
    limit: (period: string, name: string, value: string) => `a ${period}${name} of ${value}`,
    reality: (minutes: string) => `a reality check every ${minutes}`,
  },
  mk: {
    none: 'Немате поставено лимити. Лимитите ви помагаат да останете во контрола: поставете ги подолу.',
    intro: 'Вашите лимити',
    names: {
      DEPOSIT_LIMIT: 'лимит за уплата',
      LOSS_LIMIT: 'лимит за загуба',
      WAGER_LIMIT: 'лимит за влогови',
      SESSION_LIMIT: 'лимит на сесија',
      GAME_TIME_LIMIT: 'лимит за време на игра',
      REALITY_CHECK: 'потсетник',
    },
    periods: { day: 'дневен ', week: 'неделен ', month: 'месечен ', year: 'годишен ', session: '' },
    minutes: (minutes: number) => `${minutes} ${minutes === 1 ? 'минута' : 'минути'}`,
    limit: (period: string, name: string, value: string) => `${period}${name} од ${value}`,
    reality: (minutes: string) => `потсетник на секои ${minutes}`,
  },
} satisfies Record<Language, unknown>;

/**
 * RG-07: the sentence about the player's limits in force, in the player's language, money in the
 * contracts' one format (issue 27 items 1 and 2): "Your limits: a daily deposit limit of €70.00."
 */
export function limitsSummary(limits: readonly SummaryLimit[], language: Language): string {
  const text = words[language];
  if (limits.length === 0) return text.none;
  const parts = limits.map((limit) => {
    if (limit.limitType === 'REALITY_CHECK') return text.reality(text.minutes(limit.limit));
    const value = limit.currency ? formatMoney(limit.limit, limit.currency, language) : text.minutes(limit.limit);
    return text.limit(text.periods[periodOf[limit.periodType]], text.names[limit.limitType], value);
  });
  return `${text.intro}: ${parts.join('; ')}.`;
}
