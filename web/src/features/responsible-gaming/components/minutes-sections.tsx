import { useState } from 'react';
import { TIME_CHOICES } from '../../../../../contracts/platform/limits/limits';
import { usePendingConfirmationLimits } from '../api/get-pending-confirmation-limit';
import { useRealityCheck, useUpdateRealityCheck } from '../api/reality-check';
import { useSessionLimit, useUpdateSessionLimit } from '../api/session-limit';
import { useRgTranslation, type RgT } from '../i18n';
import { serverMessageOf } from '../server-message';
import { ChoiceSelect } from '../../../shared/components/choice-select';
import { LimitSection, SectionState } from './limit-section';
import { PendingChange } from './pending-change';
import { useShowSubmitted } from './submitted';
import { UsageMeter } from './usage-meter';

type MinutesChoice = `${(typeof TIME_CHOICES)[number]}`;
const choices = TIME_CHOICES.map((minutes) => `${minutes}` as MinutesChoice);

/** RG-30, RG-34, NS-20: OFF is 0; the others are 10…60 minutes. */
function minutesLabel(t: RgT, minutes: number): string {
  return minutes === 0 ? t('rg.off') : t('rg.minutes', { count: minutes });
}

/** 'Session Limits' (RG-28…32, DIS-18): minutes per play session, a selection required before Save (RG-31). */
export function SessionLimitSection() {
  const { t } = useRgTranslation();
  const limit = useSessionLimit();
  const pendingList = usePendingConfirmationLimits();
  const save = useUpdateSessionLimit();
  const showSubmitted = useShowSubmitted();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<MinutesChoice | ''>('');
  const stop = () => {
    setEditing(false);
    setChoice('');
    save.reset();
  };
  if (!limit.data) {
    return (
      <section className="rg-section" data-testid="rg-section-session">
        <h3 className="rg-section__title">{t('rg.section.session')}</h3>
        <SectionState state={limit.isError ? 'failed' : 'loading'} onRetry={() => void limit.refetch()} />
      </section>
    );
  }
  const data = limit.data;
  // The pending list says whether the cooling-off is over; the session answer only carries the date.
  const listed = pendingList.data?.limits.find((pending) => pending.id === data.pendingId);
  return (
    <LimitSection
      name="session"
      title={t('rg.section.session')}
      info={<p className="rg-muted">{t('rg.session.lead')}</p>}
      editing={editing}
      onEdit={() => setEditing(true)}
      onCancel={stop}
      canSave={choice !== ''}
      saving={save.isPending}
      onSave={() =>
        save.mutate(Number(choice), {
          onSuccess: (answer) => {
            stop();
            showSubmitted([answer]);
          },
        })
      }
    >
      <div className="rg-row" data-testid="rg-session">
        <div className="rg-row__head">
          <span className="rg-row__name">{t('rg.session.current')}</span>
          <span className="rg-row__value" data-testid="rg-session-current">
            {minutesLabel(t, data.sessionLimit)}
          </span>
        </div>
        {data.usage && data.sessionLimit > 0 ? <UsageMeter usage={data.usage} name={t('rg.session.current')} testId="rg-session-usage" /> : null}
        {data.pendingSessionLimit !== null && data.effectiveDate ? (
          <PendingChange
            pending={{ id: data.pendingId, limit: data.pendingSessionLimit, effectiveDate: data.effectiveDate, confirmable: listed?.confirmable ?? false }}
            formatValue={(minutes) => minutesLabel(t, minutes)}
            testId="rg-session-pending"
          />
        ) : null}
        {editing ? (
          <ChoiceSelect<MinutesChoice>
            block="rg-select"
            label={t('rg.session.label')}
            value={choice}
            placeholder={t('rg.choose')}
            onValueChange={setChoice}
            options={choices.map((value) => ({ value, label: minutesLabel(t, Number(value)) }))}
            testId="rg-session-select"
            error={save.isError ? (serverMessageOf(save.error, 'limit') ?? t('rg.error')) : null}
          />
        ) : null}
      </div>
    </LimitSection>
  );
}

/** 'Reality Check' (RG-33…37): the reminder interval, OFF (0) or 10…60 minutes, a selection required (RG-35). */
export function RealityCheckSection() {
  const { t } = useRgTranslation();
  const check = useRealityCheck();
  const save = useUpdateRealityCheck();
  const showSubmitted = useShowSubmitted();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<MinutesChoice | ''>('');
  const stop = () => {
    setEditing(false);
    setChoice('');
    save.reset();
  };
  if (!check.data) {
    return (
      <section className="rg-section" data-testid="rg-section-reality">
        <h3 className="rg-section__title">{t('rg.section.realityCheck')}</h3>
        <SectionState state={check.isError ? 'failed' : 'loading'} onRetry={() => void check.refetch()} />
      </section>
    );
  }
  return (
    <LimitSection
      name="reality"
      title={t('rg.section.realityCheck')}
      info={<p className="rg-muted">{t('rg.reality.lead')}</p>}
      editing={editing}
      onEdit={() => setEditing(true)}
      onCancel={stop}
      canSave={choice !== ''}
      saving={save.isPending}
      onSave={() =>
        save.mutate(Number(choice), {
          onSuccess: (answer) => {
            stop();
            showSubmitted([answer]);
          },
        })
      }
    >
      <div className="rg-row" data-testid="rg-reality">
        <div className="rg-row__head">
          <span className="rg-row__name">{t('rg.reality.current')}</span>
          <span className="rg-row__value" data-testid="rg-reality-current">
            {check.data.interval === 0 ? t('rg.notSet') : minutesLabel(t, check.data.interval)}
          </span>
        </div>
        {editing ? (
          <ChoiceSelect<MinutesChoice>
            block="rg-select"
            label={t('rg.reality.label')}
            value={choice}
            placeholder={t('rg.choose')}
            onValueChange={setChoice}
            options={choices.map((value) => ({ value, label: minutesLabel(t, Number(value)) }))}
            testId="rg-reality-select"
            error={save.isError ? (serverMessageOf(save.error, 'interval') ?? t('rg.error')) : null}
          />
        ) : null}
      </div>
    </LimitSection>
  );
}
