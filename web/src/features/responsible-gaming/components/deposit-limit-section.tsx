import { useState } from 'react';
import type {
  FixedPeriod,
  GetPersonalDepositLimitsResponse,
  LimitChangeResponse,
  LimitUsage,
  PendingLimit,
} from '../../../../../contracts/platform/limits/limits';
import { usePendingConfirmationLimits } from '../api/get-pending-confirmation-limit';
import { usePersonalDepositLimits } from '../api/get-personal-deposit-limits';
import { useSetPersonalDepositLimit } from '../api/set-personal-deposit-limits';
import { formatDateTime, formatMoney } from '../format';
import { useRgTranslation } from '../i18n';
import { parseLimitAmount } from '../limit-rules';
import { serverMessageOf } from '../server-message';
import { LimitSection, SectionState } from './limit-section';
import { MoneyField } from './money-field';
import { PendingChange } from './pending-change';
import { useShowSubmitted } from './submitted';
import { UsageMeter } from './usage-meter';

interface Row {
  period: FixedPeriod;
  limit: number | null;
  max: number;
  hasPending: boolean;
  pendingLimit: number | null;
  pendingDate: string | null;
  usage: LimitUsage | null;
}

function rowsOf(data: GetPersonalDepositLimitsResponse): Row[] {
  return [
    {
      period: 'Daily',
      limit: data.dailyLimit,
      max: data.dailyMax,
      hasPending: data.hasPendingDailyLimit,
      pendingLimit: data.pendingDailyLimit,
      pendingDate: data.pendingDailyLimitEffectiveDate,
      usage: data.usage.daily,
    },
    {
      period: 'Weekly',
      limit: data.weeklyLimit,
      max: data.weeklyMax,
      hasPending: data.hasPendingWeeklyLimit,
      pendingLimit: data.pendingWeeklyLimit,
      pendingDate: data.pendingWeeklyLimitEffectiveDate,
      usage: data.usage.weekly,
    },
    {
      period: 'Monthly',
      limit: data.monthlyLimit,
      max: data.monthlyMax,
      hasPending: data.hasPendingMonthlyLimit,
      pendingLimit: data.pendingMonthlyLimit,
      pendingDate: data.pendingMonthlyLimitEffectiveDate,
      usage: data.usage.monthly,
    },
  ];
}

type Drafts = Record<FixedPeriod, { text: string; remove: boolean }>;
const emptyDrafts = (): Drafts => ({ Daily: { text: '', remove: false }, Weekly: { text: '', remove: false }, Monthly: { text: '', remove: false } });

/**
 * RG-13…19, RG-14: a row per Daily, Weekly, Monthly with its max, the limit in force, a pending
 * change with its date (confirm / cancel) and live usage. Each changed period is one
 * setPersonalDepositLimits call (DIS-04: exactly one period per call).
 */
export function DepositLimitSection({ embedded = false }: { embedded?: boolean }) {
  const { t, language } = useRgTranslation();
  const limits = usePersonalDepositLimits();
  const pendingList = usePendingConfirmationLimits();
  const save = useSetPersonalDepositLimit();
  const showSubmitted = useShowSubmitted();
  const [editing, setEditing] = useState(embedded);
  const [drafts, setDrafts] = useState<Drafts>(emptyDrafts);
  const [errors, setErrors] = useState<Partial<Record<FixedPeriod, string>>>({});
  const [saving, setSaving] = useState(false);

  if (!limits.data) {
    return (
      <section className="rg-section" data-testid="rg-section-deposit">
        <h3 className="rg-section__title">{t('rg.section.deposit')}</h3>
        <SectionState state={limits.isError ? 'failed' : 'loading'} onRetry={() => void limits.refetch()} />
      </section>
    );
  }
  const data = limits.data;
  const currency = data.currency;
  const rows = rowsOf(data);
  const money = (value: number) => formatMoney(value, currency);

  const problems = Object.fromEntries(
    rows.map((row) => {
      const draft = drafts[row.period];
      if (draft.remove || draft.text.trim() === '') return [row.period, null];
      const parsed = parseLimitAmount(draft.text, row.max);
      return [
        row.period,
        parsed.ok ? null : parsed.problem === 'overMax' ? t('rg.problem.overMax', { max: money(row.max) }) : t(`rg.problem.${parsed.problem}`),
      ];
    }),
  ) as Record<FixedPeriod, string | null>;
  const changes = rows.flatMap((row): { period: FixedPeriod; limit: number | null }[] => {
    const draft = drafts[row.period];
    if (draft.remove) return [{ period: row.period, limit: null }];
    const parsed = parseLimitAmount(draft.text, row.max);
    return parsed.ok ? [{ period: row.period, limit: parsed.value }] : [];
  });
  const canSave = changes.length > 0 && Object.values(problems).every((problem) => problem === null);

  const reset = () => {
    setDrafts(emptyDrafts());
    setErrors({});
  };
  const onSave = async () => {
    setSaving(true);
    const answers: LimitChangeResponse[] = [];
    const failed: Partial<Record<FixedPeriod, string>> = {};
    // One period per call (DIS-04), one after the other so each answer belongs to its field.
    for (const change of changes) {
      try {
        answers.push(await save.mutateAsync(change));
      } catch (error) {
        failed[change.period] = serverMessageOf(error, `${change.period.toLowerCase()}Limit`) ?? t('rg.error');
      }
    }
    setSaving(false);
    setErrors(failed);
    if (Object.keys(failed).length === 0) {
      reset();
      if (!embedded) setEditing(false);
    } else {
      setDrafts((current) => {
        const next = { ...current };
        for (const change of changes) if (!failed[change.period]) next[change.period] = { text: '', remove: false };
        return next;
      });
    }
    if (answers.length > 0) showSubmitted(answers);
  };

  const pendingOf = (period: FixedPeriod): PendingLimit | undefined =>
    pendingList.data?.limits.find((pending) => pending.limitType === 'DEPOSIT_LIMIT' && pending.limitPeriod === period);

  return (
    <LimitSection
      name="deposit"
      title={t('rg.section.deposit')}
      info={<p className="rg-muted">{t('rg.cooldown', { count: data.cooldownPeriod })}</p>}
      editing={editing}
      onEdit={() => setEditing(true)}
      onCancel={() => {
        reset();
        setEditing(embedded);
      }}
      canSave={canSave}
      saving={saving}
      onSave={() => void onSave()}
    >
      <ul className="rg-rows">
        {rows.map((row) => {
          const pending = pendingOf(row.period);
          const draft = drafts[row.period];
          const shortName = t(`rg.deposit.short.${row.period}`);
          return (
            <li key={row.period} className="rg-row" data-testid={`rg-deposit-${row.period}`}>
              <div className="rg-row__head">
                <span className="rg-row__name">{t(`rg.period.${row.period}`)}</span>
                <span className="rg-row__value" data-testid={`rg-deposit-${row.period}-current`}>
                  {row.limit === null ? t('rg.notSet') : money(row.limit)}
                </span>
                <span className="rg-row__max">{t('rg.deposit.max', { amount: money(row.max) })}</span>
              </div>
              {row.usage && row.limit !== null ? (
                <UsageMeter usage={row.usage} name={shortName} currency={currency} testId={`rg-deposit-${row.period}-usage`} />
              ) : null}
              {row.hasPending ? (
                pending ? (
                  <PendingChange pending={pending} formatValue={money} testId={`rg-deposit-${row.period}-pending`} />
                ) : (
                  <p className="rg-pending__value" data-testid={`rg-deposit-${row.period}-pending`}>
                    {row.pendingLimit === null
                      ? t('rg.pending.removal', { date: formatDateTime(row.pendingDate ?? '', language) })
                      : t('rg.pending.value', { value: money(row.pendingLimit), date: formatDateTime(row.pendingDate ?? '', language) })}
                  </p>
                )
              ) : null}
              {editing ? (
                <div className="rg-row__edit">
                  <MoneyField
                    label={t('rg.newValue', { name: shortName })}
                    currency={currency}
                    value={draft.text}
                    disabled={draft.remove}
                    onChange={(text) => setDrafts((current) => ({ ...current, [row.period]: { text, remove: false } }))}
                    error={errors[row.period] ?? problems[row.period]}
                    testId={`rg-deposit-${row.period}-input`}
                  />
                  {row.limit !== null ? (
                    <label className="check rg-remove">
                      <input
                        type="checkbox"
                        checked={draft.remove}
                        onChange={(event) => setDrafts((current) => ({ ...current, [row.period]: { text: '', remove: event.target.checked } }))}
                        data-testid={`rg-deposit-${row.period}-remove`}
                      />
                      <span>{t('rg.remove')}</span>
                    </label>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </LimitSection>
  );
}
