import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { usePlanTerms } from './bonuses-api';
import './bonuses.css';

/**
 * A bonus plan's full terms, shown before the player opts in (issue 14 "Fair by rule"): how the
 * bonus is worked out, the one product it is for (SR 5.1.1(3b)), the wagering multiple (with the GB cap of 10× when it applies), what each
 * game kind contributes, the maximum stake and how long it lasts.
 */
export function PlanTerms({ bonusPlanId, code = null }: { bonusPlanId: number; code?: string | null }) {
  const { t } = useTranslation();
  const terms = usePlanTerms(bonusPlanId, code);
  if (terms.isPending) return <p className="plan-terms">{t('wallet.bonusTerms.loading')}</p>;
  if (!terms.isSuccess) return <p className="plan-terms">{t('wallet.bonusTerms.failed')}</p>;
  const plan = terms.data;
  const money = (amount: number) => formatMoney(amount, plan.currency);
  return (
    <section className="plan-terms" aria-label={t('wallet.bonusTerms.title')} data-testid={`bonus-terms-${plan.bonusPlanId}`}>
      <h4 className="plan-terms__title">{t('wallet.bonusTerms.title')}</h4>
      <ul className="plan-terms__list">
        <li>
          {plan.kind === 'DEPOSIT_MATCH'
            ? t('wallet.bonusTerms.match', { percent: plan.percentage, cap: money(plan.cap), min: money(plan.minDeposit) })
            : t('wallet.bonusTerms.fixed', { amount: money(plan.cap) })}
          {plan.firstDepositOnly ? ` ${t('wallet.bonusTerms.firstDeposit')}` : ''}
        </li>
        <li data-testid="bonus-terms-product">{t(`wallet.bonusTerms.product.${plan.product}`)}</li>
        <li data-testid="bonus-terms-wagering">{t('wallet.bonusTerms.wagering', { multiple: plan.wageringMultiplier })}</li>
        {plan.gbCapApplied ? <li>{t('wallet.bonusTerms.gbCap', { multiple: plan.wageringMultiplier, planMultiple: plan.planWageringMultiplier })}</li> : null}
        <li data-testid="bonus-terms-contributions">
          {t('wallet.bonusTerms.contributions', {
            list: plan.contributions
              .map((entry) =>
                t('wallet.bonusTerms.contribution', { kind: t(`wallet.bonusTerms.kind.${entry.kind}`, { defaultValue: entry.kind }), percent: entry.percent }),
              )
              .join(', '),
          })}
        </li>
        {plan.maxStake !== null ? <li>{t('wallet.bonusTerms.maxStake', { amount: money(plan.maxStake) })}</li> : null}
        <li>{t('wallet.bonusTerms.validity', { count: plan.validityDays })}</li>
      </ul>
      <p className="plan-terms__note">{t('wallet.bonusTerms.cashFirst')}</p>
    </section>
  );
}
