import { AlertDialog, RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { EXCLUSION_MONTHS, lockPeriodUnitSchema, TIMEOUT_WEEKS, type LockPeriodUnit, type LockType } from '../../../../../contracts/platform/limits/limits';
import { useLockPlayer } from '../api/lock-player';
import { formatLongDay } from '../format';
import { useRgTranslation, type RgT } from '../i18n';
import { DYNAMIC_EXCLUSION_BOUNDS, isAllowedLock, lockEndEstimate, lockRequestOf, type LockChoice } from '../limit-rules';
import { showLockNotice } from '../lock-notice';
import { serverMessageOf } from '../server-message';
import { ChoiceSelect } from '../../../shared/components/choice-select';
import { LimitSection } from './limit-section';

const CUSTOM = 'custom';

function exclusionLabel(t: RgT, months: number): string {
  return months < 12 ? t('rg.lock.sixMonths') : t('rg.lock.years', { count: months / 12 });
}

/** Chips for one choice from a short list (Radix RadioGroup: one tab stop, arrow keys). */
function Chips({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  const labelId = useId();
  return (
    <div className="rg-chips">
      <p id={labelId} className="field__label">
        {label}
      </p>
      <RadioGroup.Root
        className="rg-chips__list"
        aria-labelledby={labelId}
        value={value}
        onValueChange={onChange}
        data-testid={testId}
        orientation="horizontal"
      >
        {options.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value} className="rg-chip" data-testid={`${testId}-${option.value}`}>
            {option.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/**
 * 'Timeout & Self Exclusion' (RG-51…61, DEF-11, DEF-26, DIS-02, NS-22): a timeout of 1…6 weeks, a
 * self-exclusion of 6 months or 1, 2, 3, 5 years, or another period (count with Day, Week or Month,
 * never under six months). Save asks first, saying plainly what happens; the server then ends
 * every session and the lock notice takes over (RG-57…59).
 */
export function LockSection() {
  const { t, language } = useRgTranslation();
  const lock = useLockPlayer();
  const [editing, setEditing] = useState(false);
  const [kind, setKind] = useState<LockType | ''>('');
  const [length, setLength] = useState('');
  const [count, setCount] = useState('');
  const [unit, setUnit] = useState<LockPeriodUnit>('MONTH');
  const [confirming, setConfirming] = useState(false);
  const countId = useId();

  const stop = () => {
    setEditing(false);
    setKind('');
    setLength('');
    setCount('');
    setUnit('MONTH');
    lock.reset();
  };

  const choice: LockChoice | null =
    kind === 'TIMEOUT' && length !== ''
      ? { kind: 'timeout', weeks: Number(length) }
      : kind === 'EXCLUSION' && length === CUSTOM
        ? /^\d+$/.test(count.trim())
          ? { kind: 'dynamicExclusion', count: Number(count.trim()), unit }
          : null
        : kind === 'EXCLUSION' && length !== ''
          ? { kind: 'exclusion', months: Number(length) }
          : null;
  const allowed = choice !== null && isAllowedLock(choice);
  const customProblem = kind === 'EXCLUSION' && length === CUSTOM && count.trim() !== '' && !allowed ? t('rg.lock.customInvalid') : null;
  const request = allowed && choice ? lockRequestOf(choice) : null;
  const failure = lock.isError ? (serverMessageOf(lock.error) ?? t('rg.error')) : null;

  return (
    <LimitSection
      name="lock"
      title={t('rg.section.lock')}
      info={<p className="rg-muted">{t('rg.lock.lead')}</p>}
      editing={editing}
      onEdit={() => setEditing(true)}
      onCancel={stop}
      canSave={request !== null}
      saving={lock.isPending}
      onSave={() => setConfirming(true)}
    >
      {editing ? (
        <div className="rg-lock" data-testid="rg-lock">
          <Chips
            label={t('rg.lock.kind')}
            value={kind}
            onChange={(next) => {
              setKind(next === 'TIMEOUT' || next === 'EXCLUSION' ? next : '');
              setLength('');
              lock.reset();
            }}
            options={[
              { value: 'TIMEOUT', label: t('rg.lock.timeout') },
              { value: 'EXCLUSION', label: t('rg.lock.exclusion') },
            ]}
            testId="rg-lock-kind"
          />
          {kind === 'TIMEOUT' ? (
            <Chips
              label={t('rg.lock.length')}
              value={length}
              onChange={setLength}
              options={TIMEOUT_WEEKS.map((weeks) => ({ value: String(weeks), label: t('rg.lock.weeks', { count: weeks }) }))}
              testId="rg-lock-weeks"
            />
          ) : null}
          {kind === 'EXCLUSION' ? (
            <Chips
              label={t('rg.lock.length')}
              value={length}
              onChange={setLength}
              options={[
                ...EXCLUSION_MONTHS.map((months) => ({ value: String(months), label: exclusionLabel(t, months) })),
                { value: CUSTOM, label: t('rg.lock.custom') },
              ]}
              testId="rg-lock-months"
            />
          ) : null}
          {kind === 'EXCLUSION' && length === CUSTOM ? (
            <div className="rg-row__edit rg-row__edit--pair">
              <div className={customProblem ? 'field field--invalid rg-field' : 'field rg-field'}>
                <label className="field__label" htmlFor={countId}>
                  {t('rg.lock.count')}
                </label>
                <input
                  id={countId}
                  className="input"
                  inputMode="numeric"
                  autoComplete="off"
                  value={count}
                  placeholder={String(DYNAMIC_EXCLUSION_BOUNDS[unit].min)}
                  onChange={(event) => setCount(event.target.value)}
                  aria-invalid={Boolean(customProblem)}
                  aria-describedby={`${countId}-hint`}
                  data-testid="rg-lock-count"
                />
                <p id={`${countId}-hint`} className={customProblem ? 'field__error' : 'field__hint'}>
                  {customProblem ?? t('rg.lock.customHint')}
                </p>
              </div>
              <ChoiceSelect<LockPeriodUnit>
                block="rg-select"
                label={t('rg.lock.unit')}
                value={unit}
                placeholder={t('rg.choose')}
                onValueChange={setUnit}
                options={lockPeriodUnitSchema.options.map((value) => ({ value, label: t(`rg.lock.unit.${value}`) }))}
                testId="rg-lock-unit"
              />
            </div>
          ) : null}
          {failure ? (
            <p className="field__error" role="alert" data-testid="rg-lock-error">
              {failure}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="rg-muted">{t('rg.lock.help')}</p>
      )}
      {request ? (
        <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="rg-dialog__overlay" />
            <AlertDialog.Content className="rg-dialog rg-dialog--warning" data-testid="rg-lock-confirm">
              <div className="rg-dialog__badge rg-dialog__badge--warning" aria-hidden="true">
                !
              </div>
              <AlertDialog.Title className="rg-dialog__title">{t(`rg.lock.confirmTitle.${request.lockType}`)}</AlertDialog.Title>
              <AlertDialog.Description asChild>
                <div className="rg-dialog__text">
                  <p data-testid="rg-lock-confirm-until">{t('rg.lock.confirmUntil', { date: formatLongDay(lockEndEstimate(request), language) })}</p>
                  <p>{t('rg.lock.confirmSessions')}</p>
                  <p>
                    <strong>{t('rg.lock.confirmFinal')}</strong>
                  </p>
                  {request.lockType === 'EXCLUSION' ? <p data-testid="rg-lock-confirm-payback">{t('rg.lock.confirmPayback')}</p> : null}
                  {request.lockType === 'EXCLUSION' ? <p>{t('rg.lock.confirmReturn')}</p> : null}
                </div>
              </AlertDialog.Description>
              <div className="rg-dialog__actions">
                <AlertDialog.Cancel className="button button--secondary" data-testid="rg-lock-confirm-back">
                  {t('rg.lock.goBack')}
                </AlertDialog.Cancel>
                <button
                  type="button"
                  className="button button--danger"
                  disabled={lock.isPending}
                  data-testid="rg-lock-confirm-go"
                  onClick={() =>
                    lock.mutate(request, {
                      onSuccess: (answer) => {
                        setConfirming(false);
                        showLockNotice({ lockType: answer.lockType, lockEndDate: answer.lockEndDate, cashPayback: answer.cashPayback });
                      },
                      onError: () => setConfirming(false),
                    })
                  }
                >
                  {t(`rg.lock.confirm.${request.lockType}`)}
                </button>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      ) : null}
    </LimitSection>
  );
}
