import { useTranslation } from 'react-i18next';

interface WizardProgressProps {
  labels: readonly string[];
  /** The current step, counted from 0. */
  current: number;
  /** The first step was skipped (one method only, DEP-08, WDR-03). */
  skipFirst?: boolean;
}

/** Where the player is in a wizard: the steps by name, done ones ticked, the current one marked. */
export function WizardProgress({ labels, current, skipFirst = false }: WizardProgressProps) {
  const { t } = useTranslation();
  const shown = skipFirst ? labels.slice(1) : labels;
  const position = skipFirst ? current - 1 : current;
  return (
    <ol className="wizard-progress" aria-label={t('wallet.progress', { step: position + 1, total: shown.length })}>
      {shown.map((label, index) => (
        <li
          key={label}
          className={`wizard-progress__step${index < position ? ' wizard-progress__step--done' : ''}${index === position ? ' wizard-progress__step--current' : ''}`}
          aria-current={index === position ? 'step' : undefined}
        >
          <span className="wizard-progress__number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="wizard-progress__label">{label}</span>
        </li>
      ))}
    </ol>
  );
}
