import { ArrowRightIcon } from '../../../../shared/components/icons';

interface PeriodPickerProps {
  /** What the shown period is called ('June 2026', '07-03-2026'). */
  label: string;
  /** Names the control group for assistive technology. */
  groupLabel: string;
  previousLabel: string;
  nextLabel: string;
  onPrevious(): void;
  onNext(): void;
  /** HIST-03: a period in the future cannot be chosen. */
  nextDisabled: boolean;
  testId: string;
}

/** One period at a time (a month of banking history, a day of game history), stepped back and forth. */
export function PeriodPicker({ label, groupLabel, previousLabel, nextLabel, onPrevious, onNext, nextDisabled, testId }: PeriodPickerProps) {
  return (
    <div className="period-picker" role="group" aria-label={groupLabel} data-testid={testId}>
      <button type="button" className="icon-button period-picker__step" aria-label={previousLabel} onClick={onPrevious} data-testid={`${testId}-previous`}>
        <ArrowRightIcon className="period-picker__previous-icon" width={18} height={18} />
      </button>
      <span className="period-picker__label" aria-live="polite" data-testid={`${testId}-label`}>
        {label}
      </span>
      <button
        type="button"
        className="icon-button period-picker__step"
        aria-label={nextLabel}
        onClick={onNext}
        disabled={nextDisabled}
        data-testid={`${testId}-next`}
      >
        <ArrowRightIcon width={18} height={18} />
      </button>
    </div>
  );
}
