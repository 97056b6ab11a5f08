import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/wallet/money-format';

/** Whole percent of the requirement wagered, 0–100 (a bonus without a requirement is complete). */
export const wageredPercent = (wagered: number, required: number) => (required <= 0 ? 100 : Math.min(100, Math.floor((wagered / required) * 100)));

/** Wagered against required, as a bar with the figures (issue 14: bonus transparency). */
export function WageringProgress({ wagered, required, currency, testId }: { wagered: number; required: number; currency: string; testId?: string }) {
  const { t } = useTranslation();
  const percent = wageredPercent(wagered, required);
  const label = t('wallet.bonuses.wageredOf', { wagered: formatMoney(wagered, currency), required: formatMoney(required, currency) });
  return (
    <div className="bonus-progress" data-testid={testId}>
      <div
        className="bonus-progress__track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        aria-label={t('wallet.bonuses.wagering')}
      >
        <div className="bonus-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="bonus-progress__text">{label}</span>
    </div>
  );
}
