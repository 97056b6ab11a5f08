import { Select as SelectPrimitive } from 'radix-ui';
import { useId } from 'react';
import { CheckIcon, ChevronDownIcon } from '../../../shared/components/icons';
import '../../../shared/components/select.css';

export interface Choice<V extends string> {
  value: V;
  label: string;
}

interface ChoiceSelectProps<V extends string> {
  label: string;
  /** '' shows the placeholder: nothing chosen yet (RG-31, RG-35). */
  value: V | '';
  placeholder: string;
  onValueChange(value: V): void;
  options: readonly Choice<V>[];
  testId: string;
  error?: string | null;
  disabled?: boolean;
}

/** A labelled Radix Select that may start with nothing chosen, with its error under it. */
export function ChoiceSelect<V extends string>({ label, value, placeholder, onValueChange, options, testId, error, disabled }: ChoiceSelectProps<V>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'select rg-select rg-select--invalid' : 'select rg-select'}>
      <label className="select__label" htmlFor={id}>
        {label}
      </label>
      <SelectPrimitive.Root
        value={value}
        disabled={disabled ?? false}
        onValueChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onValueChange(option.value);
        }}
      >
        <SelectPrimitive.Trigger id={id} className="select__trigger" data-testid={testId} aria-invalid={Boolean(error)} {...(error ? { 'aria-describedby': errorId } : {})}>
          <SelectPrimitive.Value placeholder={placeholder} />
          <SelectPrimitive.Icon className="select__icon">
            <ChevronDownIcon width={16} height={16} />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content className="select__content rg-select__content" position="popper" sideOffset={6} align="start">
            <SelectPrimitive.Viewport className="select__viewport">
              {options.map((option) => (
                <SelectPrimitive.Item key={option.value} value={option.value} className="select__item" data-testid={`${testId}-${option.value}`}>
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                  <SelectPrimitive.ItemIndicator className="select__indicator">
                    <CheckIcon width={16} height={16} />
                  </SelectPrimitive.ItemIndicator>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
      {error ? (
        <p id={errorId} className="field__error" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
