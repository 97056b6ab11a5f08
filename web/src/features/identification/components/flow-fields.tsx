import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { publicFigureAnswers } from '../../../../../contracts/platform/identification/identification';
import { Field } from '../../../shared/components/form-fields';

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  type?: 'text' | 'date';
  autoComplete?: string;
  testId: string;
  min?: string;
  max?: string;
}

/** A required text or date field of the identification flows. */
export function TextField({ label, value, onChange, error, type = 'text', autoComplete = 'off', testId, min, max }: TextFieldProps) {
  return (
    <Field label={label} required error={error}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={type}
          value={value}
          maxLength={type === 'text' ? 60 : undefined}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
          {...(min ? { min } : {})}
          {...(max ? { max } : {})}
        />
      )}
    </Field>
  );
}

/** KYC-22: the key-public-figure question, with the spec's two answers exactly. */
export function PublicFigureQuestion({ value, onChange, name }: { value: 'yes' | 'no' | ''; onChange(value: 'yes' | 'no'): void; name: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flow__question" data-testid={`${name}-public-figure`}>
      <legend className="field__label">
        {t('identification.publicFigure')}
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </legend>
      {(['yes', 'no'] as const).map((answer) => (
        <label key={answer} className="flow__choice">
          <input
            type="radio"
            name={name}
            value={answer}
            checked={value === answer}
            onChange={() => onChange(answer)}
            data-testid={`${name}-public-figure-${answer}`}
          />
          <span>{t(`identification.publicFigure.${answer}`, { defaultValue: publicFigureAnswers[answer] })}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The three steps' frame: which step, its title, and Back / Proceed (KYC-08). */
export function FlowStep({
  step,
  title,
  children,
  canProceed,
  onBack,
  onProceed,
  finalLabel,
  pending,
  testId,
}: {
  step: number;
  title: string;
  children: ReactNode;
  canProceed: boolean;
  onBack(): void;
  onProceed(): void;
  finalLabel: string;
  pending: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="flow"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canProceed && !pending) onProceed();
      }}
      data-testid={testId}
      data-step={step}
    >
      <ol className="flow__steps" aria-label={t('identification.step', { step: step + 1 })}>
        {[0, 1, 2].map((index) => (
          <li
            key={index}
            className={index === step ? 'flow__dot flow__dot--current' : index < step ? 'flow__dot flow__dot--done' : 'flow__dot'}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="visually-hidden">{t('identification.step', { step: index + 1 })}</span>
          </li>
        ))}
      </ol>
      <h2 className="flow__title">
        <span className="flow__count">{t('identification.step', { step: step + 1 })}</span> {title}
      </h2>
      <div className="flow__fields">{children}</div>
      <div className="flow__actions">
        {step > 0 ? (
          <button type="button" className="button button--secondary" onClick={onBack} data-testid={`${testId}-back`}>
            {t('identification.back')}
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={!canProceed || pending} data-testid={`${testId}-proceed`}>
          {pending ? t('identification.submitting') : step < 2 ? t('identification.proceed') : finalLabel}
        </button>
      </div>
    </form>
  );
}
