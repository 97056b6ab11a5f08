import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { Field } from '../../../../shared/components/form-fields';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { useBonusPlan } from '../../api/get-bonus-plan';
import { useDepositEligibleBonusPlans } from '../../api/get-deposit-eligible-bonus-plans';
import { validateDepositBonusVoucher } from '../../api/validate-deposit-bonus-voucher';
import { PlanTerms } from '../bonuses/plan-terms';
import { MethodSummary } from '../cashier/method-summary';
import { PanelLoading } from '../cashier/panel-states';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import type { BonusChoice } from './deposit-wizard-state';

/** DEP-18: a typed code is checked this long after typing stops. */
export const VOUCHER_DEBOUNCE_MS = 1_500;

interface BonusStepProps {
  method: DepositMethod;
  amount: number;
  currency: string;
  bonus: BonusChoice;
  onChoose(bonus: BonusChoice): void;
  onProceed(): void;
  onBack(): void;
}

type VoucherCheck =
  | { state: 'idle' }
  | { state: 'checking'; code: string }
  | { state: 'found'; code: string; planId: number }
  | { state: 'notFound'; code: string };

/**
 * Deposit step 2 (DEP-15…23): the plans this deposit qualifies for, with image and name, or none;
 * and a bonus code, checked 1.5 s after typing stops, whose plan is selected when it matches. The
 * chosen plan's full terms (wagering, contributions, maximum stake, validity) show before Proceed.
 */
export function BonusStep({ method, amount, currency, bonus, onChoose, onProceed, onBack }: BonusStepProps) {
  const { t } = useTranslation();
  const plans = useDepositEligibleBonusPlans(method.code, amount);
  const [code, setCode] = useState(bonus.voucher?.code ?? '');
  const [check, setCheck] = useState<VoucherCheck>(bonus.voucher ? { state: 'found', ...bonus.voucher } : { state: 'idle' });
  const voucherPlanId = bonus.voucher?.planId ?? null;
  const listed = plans.data ?? [];
  // A code may give a plan that is not in the eligible list: its name and image are read by id (DEP-24).
  const voucherPlan = useBonusPlan(voucherPlanId !== null && !listed.some((plan) => plan.bonusPlanId === voucherPlanId) ? voucherPlanId : null);
  const shown = voucherPlan.data && !listed.some((plan) => plan.bonusPlanId === voucherPlan.data?.bonusPlanId) ? [...listed, voucherPlan.data] : listed;

  const typed = code.trim();
  useEffect(() => {
    if (!typed || (bonus.voucher && bonus.voucher.code === typed)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setCheck({ state: 'checking', code: typed });
      validateDepositBonusVoucher({ paymentMethod: method.code, depositAmount: amount, voucherCode: typed }, controller.signal)
        .then((planId) => {
          if (planId === null) {
            setCheck({ state: 'notFound', code: typed });
            return;
          }
          setCheck({ state: 'found', code: typed, planId });
          // DEP-20: a matching code selects the plan it gives.
          onChoose({ planId, voucher: { code: typed, planId } });
        })
        .catch(() => {
          if (!controller.signal.aborted) setCheck({ state: 'notFound', code: typed });
        });
    }, VOUCHER_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typed, amount, method.code, bonus.voucher, onChoose]);

  const typeCode = (next: string) => {
    setCode(next);
    setCheck({ state: 'idle' });
    // DEP-22: changing or clearing the code drops the plan it had selected.
    if (bonus.voucher && bonus.voucher.code !== next.trim()) {
      onChoose({ planId: bonus.planId === bonus.voucher.planId ? null : bonus.planId, voucher: null });
    }
  };

  const radioName = useId();
  const codeHint =
    check.state === 'checking' ? t('wallet.bonus.checking') : check.state === 'found' && check.code === typed ? t('wallet.bonus.codeFound') : undefined;

  return (
    <form
      className="cashier-step"
      aria-labelledby="deposit-bonus-title"
      data-testid="deposit-step-bonus"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onProceed();
      }}
    >
      <h3 id="deposit-bonus-title" className="cashier-step__title">
        {t('wallet.bonus.title')}
      </h3>
      <MethodSummary code={method.code}>{formatMoney(amount, currency)}</MethodSummary>
      {plans.isPending ? (
        <PanelLoading label={t('wallet.bonus.loading')} />
      ) : (
        <fieldset className="bonus-choice" data-testid="bonus-plans">
          <legend className="bonus-choice__legend">{t('wallet.bonus.choose')}</legend>
          {shown.length === 0 ? (
            <p className="cashier-note" data-testid="bonus-none-eligible">
              {t('wallet.bonus.noneEligible')}
            </p>
          ) : null}
          <label className="bonus-choice__option">
            <input
              type="radio"
              name={radioName}
              checked={bonus.planId === null}
              onChange={() => onChoose({ ...bonus, planId: null })}
              data-testid="bonus-plan-none"
            />
            <span className="bonus-choice__image bonus-choice__image--none" aria-hidden="true" />
            <span className="bonus-choice__name">{t('wallet.bonus.noBonus')}</span>
          </label>
          {shown.map((plan) => (
            <label key={plan.bonusPlanId} className="bonus-choice__option">
              <input
                type="radio"
                name={radioName}
                checked={bonus.planId === plan.bonusPlanId}
                onChange={() => onChoose({ ...bonus, planId: plan.bonusPlanId })}
                data-testid={`bonus-plan-${plan.bonusPlanId}`}
              />
              {plan.imageUrl ? (
                <img className="bonus-choice__image" src={plan.imageUrl} alt="" loading="lazy" />
              ) : (
                <span className="bonus-choice__image" aria-hidden="true" />
              )}
              <span className="bonus-choice__name">{plan.bonusPlanName}</span>
              {plan.bonusPlanId === voucherPlanId ? <span className="bonus-choice__tag">{t('wallet.bonus.fromCode')}</span> : null}
            </label>
          ))}
          {/* Issue 14 "Fair by rule": the chosen plan's full terms are shown before the player proceeds with it. */}
          {bonus.planId !== null && shown.some((plan) => plan.bonusPlanId === bonus.planId) ? (
            <PlanTerms key={bonus.planId} bonusPlanId={bonus.planId} code={bonus.voucher?.planId === bonus.planId ? bonus.voucher.code : null} />
          ) : null}
        </fieldset>
      )}
      <Field
        label={t('wallet.bonus.code')}
        error={check.state === 'notFound' && check.code === typed ? t('wallet.bonus.codeNotFound') : undefined}
        hint={codeHint}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            value={code}
            onChange={(event) => typeCode(event.target.value)}
            data-testid="bonus-code"
          />
        )}
      </Field>
      <StepActions onBack={onBack}>
        <ProceedButton disabled={check.state === 'checking'} testId="deposit-bonus-proceed">
          {t('wallet.proceed')}
        </ProceedButton>
      </StepActions>
    </form>
  );
}
