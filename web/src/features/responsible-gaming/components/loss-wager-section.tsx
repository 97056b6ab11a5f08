import { useState } from 'react';
import {
  fixedPeriodSchema,
  type FixedPeriod,
  type GetLimitsResponse,
  type LimitChangeResponse,
  type LimitUsage,
} from '../../../../../contracts/platform/limits/limits';
import { useLossAndWagerLimits } from '../api/get-limits';
import { useUpdateMoneyLimit, type MoneyLimitKind } from '../api/update-money-limit';
import { formatMoney } from '../format';
import { useRgTranslation } from '../i18n';
import { parseLimitAmount } from '../limit-rules';
import { serverMessageOf } from '../server-message';
import { ChoiceSelect } from '../../../shared/components/choice-select';
import { LimitSection, SectionState } from './limit-section';
import { MoneyField } from './money-field';
import { PendingChange } from './pending-change';
import { useShowSubmitted } from './submitted';
import { UsageMeter } from './usage-meter';

const fixedPeriods = fixedPeriodSchema.options;
type Draft = { text: string; remove: boolean; period: FixedPeriod };

interface Row {
  kind: MoneyLimitKind;
  limit: number | null;
  period: FixedPeriod;
  pending: GetLimitsResponse['pendingLossLimit'];
  usage: LimitUsage | null;
}

/** The period in force, or Weekly (RG-27) when none is or the server names a dynamic one. */
function fixedOr(period: string): FixedPeriod {
  const parsed = fixedPeriodSchema.safeParse(period);
  return parsed.success ? parsed.data : 'Weekly';
}

/**
 * 'Deposit, Loss and Wager Limits' (RG-02, RG-06, RG-23…27): the content's info text, the loss
 * and wager limits with their period (Weekly by default), pending changes and live usage. The
 * deposit limits themselves are the Deposit Limit section.
 */
export function LossWagerSection() {
  const { t } = useRgTranslation();
  const limits = useLossAndWagerLimits();
  const save = useUpdateMoneyLimit();
  const showSubmitted = useShowSubmitted();
  const [editing, setEditing] = useState(false);
  const [drafts, setDrafts] = useState<Partial<Record<MoneyLimitKind, Draft>>>({});
  const [errors, setErrors] = useState<Partial<Record<MoneyLimitKind, string>>>({});
  const [saving, setSaving] = useState(false);
  const info = <p className="rg-info">{t('depositLossWagerInfo')}</p>;

  if (!limits.data) {
    return (
      <section className="rg-section" data-testid="rg-section-loss-wager">
        <h3 className="rg-section__title">{t('rg.section.depositLossWager')}</h3>
        {info}
        <SectionState state={limits.isError ? 'failed' : 'loading'} onRetry={() => void limits.refetch()} />
      </section>
    );
  }
  const data = limits.data;
  const money = (value: number) => formatMoney(value, data.currency);
  const rows: Row[] = [
    { kind: 'loss', limit: data.lossLimit, period: fixedOr(data.lossLimitPeriod), pending: data.pendingLossLimit, usage: data.lossUsage },
    { kind: 'wager', limit: data.wagerLimit, period: fixedOr(data.wagerLimitPeriod), pending: data.pendingWagerLimit, usage: data.wagerUsage },
  ];
  const draftOf = (row: Row): Draft => drafts[row.kind] ?? { text: '', remove: false, period: row.period };
  const problemOf = (row: Row): string | null => {
    const draft = draftOf(row);
    if (draft.remove || draft.text.trim() === '') return null;
    const parsed = parseLimitAmount(draft.text);
    return parsed.ok ? null : t(`rg.problem.${parsed.problem}`);
  };
  const changes = rows.flatMap((row): { kind: MoneyLimitKind; limit: number | null; limitPeriod: FixedPeriod }[] => {
    const draft = draftOf(row);
    if (draft.remove) return [{ kind: row.kind, limit: null, limitPeriod: row.period }];
    const parsed = parseLimitAmount(draft.text);
    return parsed.ok ? [{ kind: row.kind, limit: parsed.value, limitPeriod: draft.period }] : [];
  });
  const canSave = changes.length > 0 && rows.every((row) => problemOf(row) === null);
  const reset = () => {
    setDrafts({});
    setErrors({});
  };

  const onSave = async () => {
    setSaving(true);
    const answers: LimitChangeResponse[] = [];
    const failed: Partial<Record<MoneyLimitKind, string>> = {};
    for (const change of changes) {
      try {
        answers.push(await save.mutateAsync(change));
      } catch (error) {
        failed[change.kind] = serverMessageOf(error, 'limit') ?? t('rg.error');
      }
    }
    setSaving(false);
    setErrors(failed);
    if (Object.keys(failed).length === 0) {
      reset();
      setEditing(false);
    } else {
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([kind]) => failed[kind as MoneyLimitKind])));
    }
    if (answers.length > 0) showSubmitted(answers);
  };

  return (
    <LimitSection
      name="loss-wager"
      title={t('rg.section.depositLossWager')}
      info={
        <>
          {info}
          <p className="rg-muted">{t('rg.depositSeeBelow')}</p>
        </>
      }
      editing={editing}
      onEdit={() => setEditing(true)}
      onCancel={() => {
        reset();
        setEditing(false);
      }}
      canSave={canSave}
      saving={saving}
      onSave={() => void onSave()}
    >
      <ul className="rg-rows">
        {rows.map((row) => {
          const draft = draftOf(row);
          const name = t(row.kind === 'loss' ? 'rg.loss' : 'rg.wager');
          const shortName = t(row.kind === 'loss' ? 'rg.loss.short' : 'rg.wager.short');
          const setDraft = (change: Partial<Draft>) => setDrafts((current) => ({ ...current, [row.kind]: { ...draft, ...change } }));
          return (
            <li key={row.kind} className="rg-row" data-testid={`rg-${row.kind}`}>
              <div className="rg-row__head">
                <span className="rg-row__name">{name}</span>
                <span className="rg-row__value" data-testid={`rg-${row.kind}-current`}>
                  {row.limit === null ? t('rg.notSet') : `${money(row.limit)} · ${t(`rg.period.${row.period}`)}`}
                </span>
              </div>
              {row.usage && row.limit !== null ? (
                <UsageMeter usage={row.usage} name={shortName} currency={data.currency} testId={`rg-${row.kind}-usage`} />
              ) : null}
              {row.pending ? <PendingChange pending={row.pending} formatValue={money} testId={`rg-${row.kind}-pending`} /> : null}
              {editing ? (
                <div className="rg-row__edit rg-row__edit--pair">
                  <MoneyField
                    label={t('rg.newValue', { name: shortName })}
                    currency={data.currency}
                    value={draft.text}
                    disabled={draft.remove}
                    onChange={(text) => setDraft({ text, remove: false })}
                    error={errors[row.kind] ?? problemOf(row)}
                    testId={`rg-${row.kind}-input`}
                  />
                  {/* A period is chosen with a new limit (Weekly by default, RG-27); the server keeps a limit per period, so an existing one keeps its own. */}
                  {row.limit === null ? (
                    <ChoiceSelect<FixedPeriod>
                      block="rg-select"
                      label={t('rg.period')}
                      value={draft.period}
                      placeholder={t('rg.choose')}
                      onValueChange={(period) => setDraft({ period })}
                      options={fixedPeriods.map((period) => ({ value: period, label: t(`rg.period.${period}`) }))}
                      testId={`rg-${row.kind}-period`}
                      disabled={draft.remove}
                    />
                  ) : null}
                  {row.limit !== null ? (
                    <label className="check rg-remove">
                      <input
                        type="checkbox"
                        checked={draft.remove}
                        onChange={(event) => setDraft({ text: '', remove: event.target.checked })}
                        data-testid={`rg-${row.kind}-remove`}
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
      <p className="rg-muted">{t('rg.cooldown', { count: data.cooldownPeriod })}</p>
    </LimitSection>
  );
}
