import { Select as SelectPrimitive } from 'radix-ui';
import { useId } from 'react';
import { ChevronDownIcon } from './icons';
import { SelectOptions } from './select';
import './select.css';

interface Choice<V extends string> {
  value: V;
  label: string;
}

interface ChoiceSelectProps<V extends string> {
  label: string;
  placeholder: string;
  /** '' shows the placeholder: nothing chosen yet (a form that waits for a choice, DOC-10, RG-31, RG-35). */
  value: V | '';
  onValueChange(value: V): void;
  options: readonly Choice<V>[];
  testId: string;
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  /** Laid out as a form field among text fields (`field`), or as the portal's other selects (`select`). */
  layout?: 'field' | 'select';
  /** A block of the feature's own styles on the whole: `<block>--invalid` marks it in error, `<block>__content` its list. */
  block?: string;
}

/**
 * A labelled choice that may start with nothing chosen, with its error under it (Radix Select:
 * listbox, arrow keys, type-ahead).
 */
export function ChoiceSelect<V extends string>({
  label,
  placeholder,
  value,
  onValueChange,
  options,
  testId,
  error,
  required = false,
  disabled = false,
  layout = 'select',
  block,
}: ChoiceSelectProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  const outer = block ?? layout;
  const classes = [layout, block, error ? `${outer}--invalid` : null].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className={layout === 'field' ? 'field__label' : 'select__label'} htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <SelectPrimitive.Root
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onValueChange(option.value);
        }}
      >
        <SelectPrimitive.Trigger
          id={id}
          className="select__trigger"
          data-testid={testId}
          aria-invalid={Boolean(error)}
          {...(error ? { 'aria-describedby': errorId } : {})}
        >
          <SelectPrimitive.Value placeholder={placeholder} />
          <SelectPrimitive.Icon className="select__icon">
            <ChevronDownIcon width={16} height={16} />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectOptions options={options} align="start" contentClassName={block && `${block}__content`} testId={testId} />
      </SelectPrimitive.Root>
      {error ? (
        <p id={errorId} className="field__error" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
