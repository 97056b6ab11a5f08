import { useTranslation } from 'react-i18next';
import { Field } from '../../../../shared/components/form-fields';
import { currencySymbol, formatMoney } from '../../../../shared/wallet/money-format';
import { amountText, checkAmount, type AmountCheck } from '../../amount-rules';

export interface AmountFieldProps {
  text: string;
  onType(text: string): void;
  bounds: { minimum: number; maximum: number };
  currency: string;
  placeholder: string;
  /** Quick-amount buttons (DEP-11); amounts outside the bounds are offered disabled. */
  quickAmounts?: readonly number[];
  label: string;
  testId: string;
}

/** The message under the field for an amount that cannot be used (DEF-04); nothing while it is empty. */
function useAmountError(check: AmountCheck, bounds: { minimum: number; maximum: number }, currency: string): string | undefined {
  const { t } = useTranslation();
  switch (check.kind) {
    case 'notANumber':
      return t('wallet.amount.notANumber');
    case 'tooManyDecimals':
      return t('wallet.amount.tooManyDecimals');
    case 'notPositive':
      return t('wallet.amount.notPositive');
    case 'belowMinimum':
      return t('wallet.amount.belowMinimum', { min: formatMoney(bounds.minimum, currency) });
    case 'aboveMaximum':
      return t('wallet.amount.aboveMaximum', { max: formatMoney(bounds.maximum, currency) });
    default:
      return undefined;
  }
}

/** A money amount typed or picked from quick amounts, checked against the bounds as it is typed. */
export function AmountField({ text, onType, bounds, currency, placeholder, quickAmounts = [], label, testId }: AmountFieldProps) {
  const { t } = useTranslation();
  const check = checkAmount(text, bounds);
  const error = useAmountError(check, bounds, currency);
  return (
    <div className="amount-field">
      <Field label={label} error={error}>
        {(control) => (
          <div className="amount-field__control">
            <span className="amount-field__currency" aria-hidden="true">
              {currencySymbol(currency)}
            </span>
            <input
              {...control}
              className="input amount-field__input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={placeholder}
              value={text}
              onChange={(event) => onType(event.target.value)}
              data-testid={testId}
            />
          </div>
        )}
      </Field>
      {quickAmounts.length > 0 ? (
        <div className="amount-field__quick" role="group" aria-label={t('wallet.amount.quick')}>
          {quickAmounts.map((amount) => {
            const allowed = checkAmount(amountText(amount), bounds).kind === 'valid';
            const chosen = check.kind === 'valid' && check.amount === amount;
            return (
              <button
                key={amount}
                type="button"
                className={`amount-field__chip${chosen ? ' amount-field__chip--chosen' : ''}`}
                aria-pressed={chosen}
                disabled={!allowed}
                onClick={() => onType(amountText(amount))}
                data-testid={`quick-amount-${amount}`}
              >
                {formatMoney(amount, currency)}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
