import { useId, useState } from 'react';
import { useResponsibleGamingLimits, useSaveResponsibleGamingLimit } from '../api/dynamic-limits';
import { useRgTranslation } from '../i18n';
import { dynamicExpiryDate, parseGameMinutes } from '../limit-rules';
import { serverMessageOf } from '../server-message';
import { LimitSection, SectionState } from './limit-section';
import { PendingChange } from './pending-change';
import { useShowSubmitted } from './submitted';
import { UsageMeter } from './usage-meter';

const gameTimeTypes = ['GAME_TIME_LIMIT'] as const;

/**
 * 'Game Time Limit' (RG-03, RG-06, RG-38…50, DEF-10): minutes of real-money play a day. It is a
 * dynamic limit: Save updates the one in force (RG-42) or adds one with the period fixed at 1 day
 * and an expiry of today + 1 day (RG-43, RG-44, RG-48); the view shows the limit, what has been
 * played (the cumulated value) and the expiry date (RG-50).
 */
export function GameTimeSection() {
  const { t } = useRgTranslation();
  const limits = useResponsibleGamingLimits(gameTimeTypes);
  const save = useSaveResponsibleGamingLimit();
  const showSubmitted = useShowSubmitted();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const inputId = useId();
  const info = <p className="rg-info">{t('gameTimeLimitInfo')}</p>;
  const stop = () => {
    setEditing(false);
    setText('');
    save.reset();
  };
  if (!limits.data) {
    return (
      <section className="rg-section" data-testid="rg-section-game-time">
        <h3 className="rg-section__title">{t('rg.section.gameTime')}</h3>
        {info}
        <SectionState state={limits.isError ? 'failed' : 'loading'} onRetry={() => void limits.refetch()} />
      </section>
    );
  }
  const current = limits.data.limits.find((limit) => limit.limitType === 'GAME_TIME_LIMIT');
  const parsed = parseGameMinutes(text);
  const problem = text.trim() === '' || parsed.ok ? null : t(`rg.problem.${parsed.problem}`);
  const error = save.isError ? (serverMessageOf(save.error, 'limit') ?? t('rg.error')) : problem;
  const errorId = `${inputId}-error`;
  const minutes = (count: number) => t('rg.gameTime.value', { count });

  return (
    <LimitSection
      name="game-time"
      title={t('rg.section.gameTime')}
      info={info}
      editing={editing}
      onEdit={() => setEditing(true)}
      onCancel={stop}
      canSave={parsed.ok}
      saving={save.isPending}
      onSave={() => {
        if (!parsed.ok) return;
        save.mutate(
          current
            ? { limitType: 'GAME_TIME_LIMIT', periodType: current.periodType, limit: parsed.value }
            : { limitType: 'GAME_TIME_LIMIT', periodType: 'Day', limit: parsed.value, expiryDate: dynamicExpiryDate('Day') },
          {
            onSuccess: (answer) => {
              stop();
              showSubmitted([answer]);
            },
          },
        );
      }}
    >
      <div className="rg-row" data-testid="rg-game-time">
        <div className="rg-row__head">
          <span className="rg-row__name">{t('rg.gameTime.current')}</span>
          <span className="rg-row__value" data-testid="rg-game-time-current">
            {current ? minutes(current.limit) : t('rg.notSet')}
          </span>
        </div>
        {current ? <UsageMeter usage={current.usage} name={t('rg.gameTime.short')} testId="rg-game-time-usage" /> : null}
        {current?.pending ? <PendingChange pending={current.pending} formatValue={minutes} testId="rg-game-time-pending" /> : null}
        {editing ? (
          <div className={error ? 'field field--invalid rg-field' : 'field rg-field'}>
            <label className="field__label" htmlFor={inputId}>
              {t('rg.gameTime.label')}
            </label>
            <input
              id={inputId}
              className="input rg-minutes__input"
              inputMode="numeric"
              autoComplete="off"
              value={text}
              placeholder={current ? String(current.limit) : '60'}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={Boolean(error)}
              {...(error ? { 'aria-describedby': errorId } : {})}
              data-testid="rg-game-time-input"
            />
            <p className="field__hint">{t('rg.gameTime.periodFixed')}</p>
            {error ? (
              <p id={errorId} className="field__error" data-testid="rg-game-time-input-error">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </LimitSection>
  );
}
