import { useId } from 'react';
import { currencySymbol } from '../../../shared/wallet/money-format';
import { useRgTranslation } from '../i18n';

/** A limit amount in the player's currency, with its problem or the server's message under it (RG-10, RG-12). */
export function MoneyField({
  label,
  currency,
  value,
  onChange,
  error,
  disabled,
  placeholder,
  testId,
}: {
  label: string;
  currency: string;
  value: string;
  onChange(value: string): void;
  error: string | null;
  disabled?: boolean;
  placeholder?: string;
  testId: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const { t } = useRgTranslation();
  return (
    <div className={error ? 'field field--invalid rg-field' : 'field rg-field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="rg-money">
        <span className="rg-money__currency" aria-hidden="true">
          {currencySymbol(currency)}
        </span>
        <input
          id={id}
          className="input rg-money__input"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled ?? false}
          placeholder={placeholder ?? t('rg.notSet')}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={Boolean(error)}
          {...(error ? { 'aria-describedby': errorId } : {})}
          data-testid={testId}
        />
      </div>
      {error ? (
        <p id={errorId} className="field__error" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
