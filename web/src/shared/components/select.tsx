import { Select as SelectPrimitive } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { CheckIcon, ChevronDownIcon } from './icons';
import './select.css';

export interface SelectOption<V extends string = string> {
  value: V;
  label: ReactNode;
  /** The language the label is written in, when it differs from the page's. */
  lang?: string;
}

interface SelectProps<V extends string> {
  /** The visible label, tied to the trigger so that the trigger is announced by it. */
  label: ReactNode;
  value: V;
  onValueChange(value: V): void;
  options: readonly SelectOption<V>[];
  className?: string;
  /** Names the trigger; each option is `${testId}-${value}`. */
  testId?: string;
}

/**
 * A labelled single choice from a short list (Radix Select: listbox in a portal, arrow keys, type-ahead,
 * Escape, focus back on the trigger).
 */
export function Select<V extends string>({ label, value, onValueChange, options, className, testId }: SelectProps<V>) {
  const triggerId = useId();
  return (
    <div className={className ? `select ${className}` : 'select'}>
      <label className="select__label" htmlFor={triggerId}>
        {label}
      </label>
      <SelectPrimitive.Root
        value={value}
        onValueChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onValueChange(option.value);
        }}
      >
        <SelectPrimitive.Trigger id={triggerId} className="select__trigger" data-testid={testId}>
          <SelectPrimitive.Value />
          <SelectPrimitive.Icon className="select__icon">
            <ChevronDownIcon width={16} height={16} />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectOptions options={options} align="end" testId={testId} />
      </SelectPrimitive.Root>
    </div>
  );
}

interface SelectOptionsProps<V extends string> {
  options: readonly SelectOption<V>[];
  /** Which edge of the trigger the list lines up with. */
  align: 'start' | 'end';
  /** Classes after `select__content`, for a feature's own styling of the list. */
  contentClassName?: string | undefined;
  /** Each option is `${testId}-${value}`. */
  testId?: string | undefined;
}

/** The open list of a Radix Select, each option with its check mark; the selects of the portal share it. */
export function SelectOptions<V extends string>({ options, align, contentClassName, testId }: SelectOptionsProps<V>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        className={contentClassName ? `select__content ${contentClassName}` : 'select__content'}
        position="popper"
        sideOffset={6}
        align={align}
      >
        <SelectPrimitive.Viewport className="select__viewport">
          {options.map((option) => (
            <SelectPrimitive.Item
              key={option.value}
              value={option.value}
              className="select__item"
              lang={option.lang}
              data-testid={testId && `${testId}-${option.value}`}
            >
              <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              <SelectPrimitive.ItemIndicator className="select__indicator">
                <CheckIcon width={16} height={16} />
              </SelectPrimitive.ItemIndicator>
            </SelectPrimitive.Item>
          ))}
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}
