import type { LimitUsage } from '../../../../../contracts/platform/limits/limits';
import { formatDateTime, formatMoney } from '../format';
import { useRgTranslation } from '../i18n';
import { usageShare, usageTone } from '../limit-rules';

/**
 * Live usage beyond the spec: what has been deposited, lost, wagered or played against the limit
 * in the current period and when the period frees up, as a meter whose text says the same.
 */
export function UsageMeter({ usage, name, currency, testId }: { usage: LimitUsage; name: string; currency?: string | null; testId?: string }) {
  const { t, language } = useRgTranslation();
  const money = (value: number) => (currency ? formatMoney(value, currency) : String(value));
  const text = currency
    ? t('rg.usage.money', { used: money(usage.used), limit: money(usage.limit) })
    : t('rg.usage.minutes', { used: String(Math.floor(usage.used)), limit: String(usage.limit) });
  const left = currency ? t('rg.usage.leftMoney', { left: money(usage.left) }) : t('rg.usage.leftMinutes', { left: String(Math.floor(usage.left)) });
  const share = usageShare(usage);
  return (
    <div className="rg-usage" data-tone={usageTone(usage)} data-testid={testId}>
      <div
        className="rg-usage__bar"
        role="meter"
        aria-label={t('rg.usage.label', { name })}
        aria-valuemin={0}
        aria-valuemax={usage.limit}
        aria-valuenow={Math.min(usage.used, usage.limit)}
        aria-valuetext={`${text}. ${left}`}
      >
        <span className="rg-usage__fill" style={{ width: `${share}%` }} />
      </div>
      <p className="rg-usage__text">
        <span>{text}</span>
        <span>{left}</span>
        {usage.resetsAt ? <span>{t('rg.usage.resets', { date: formatDateTime(usage.resetsAt, language) })}</span> : null}
      </p>
    </div>
  );
}
