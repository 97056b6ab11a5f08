import { Select as SelectPrimitive } from 'radix-ui';
import { useId } from 'react';
import { CheckIcon, ChevronDownIcon } from '../../../shared/components/icons';
import '../../../shared/components/select.css';

interface ChoiceSelectProps<V extends string> {
  label: string;
  placeholder: string;
  /** Empty until the player chooses (DOC-10: Save waits for a type). */
  value: V | '';
  onValueChange(value: V): void;
  options: readonly { value: V; label: string }[];
  required?: boolean;
  error?: string | undefined;
  testId: string;
}

/** A required choice with a placeholder and its error (Radix Select: listbox, arrow keys, type-ahead). */
export function ChoiceSelect<V extends string>({ label, placeholder, value, onValueChange, options, required = false, error, testId }: ChoiceSelectProps<V>) {
  const id = useId();
  return (
    <div className={['field', error ? 'field--invalid' : null].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <SelectPrimitive.Root
        value={value}
        onValueChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onValueChange(option.value);
        }}
      >
        <SelectPrimitive.Trigger id={id} className="select__trigger" data-testid={testId} aria-invalid={Boolean(error)} {...(error ? { 'aria-describedby': `${id}-error` } : {})}>
          <SelectPrimitive.Value placeholder={placeholder} />
          <SelectPrimitive.Icon className="select__icon">
            <ChevronDownIcon width={16} height={16} />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content className="select__content" position="popper" sideOffset={6} align="start">
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
        <p id={`${id}-error`} className="field__error" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
