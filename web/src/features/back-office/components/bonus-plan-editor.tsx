import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BONUS_PLAN_KINDS, type BonusPlanBody, type BonusPlanView } from '../../../../../contracts/back-office/bonus-plans';
import { CURRENCIES } from '../../../../../contracts/money';
import { BONUS_PRODUCTS, GAME_PRODUCTS, PRODUCT_GAME_KINDS, type BonusProduct } from '../../../../../contracts/platform/bonuses/bonuses';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { useBonusPlans, useSaveBonusPlan } from '../api/bonus-plans';

const fieldErrorOf = (error: unknown, field: string): string | undefined =>
  error instanceof BackOfficeError ? error.fieldErrors.find((entry) => entry.field === field)?.error : undefined;

interface Draft {
  name: string;
  kind: (typeof BONUS_PLAN_KINDS)[number];
  currency: string;
  /** Empty until the editor chooses one: the product is never assumed. */
  product: BonusProduct | '';
  percentage: string;
  capMinor: string;
  minDepositMinor: string;
  code: string;
  wageringMultiplier: string;
  maxStakeMinor: string;
  validityDays: string;
  firstDepositOnly: boolean;
  active: boolean;
  contentSlug: string;
  methods: string[];
  contributions: Record<string, string>;
}

const emptyDraft: Draft = {
  name: '',
  kind: 'CODE',
  currency: 'EUR',
  product: '',
  percentage: '0',
  capMinor: '',
  minDepositMinor: '0',
  code: '',
  wageringMultiplier: '10',
  maxStakeMinor: '',
  validityDays: '7',
  firstDepositOnly: false,
  active: true,
  contentSlug: '',
  methods: [],
  contributions: {},
};

const draftOf = (plan: BonusPlanView): Draft => ({
  name: plan.name,
  kind: plan.kind,
  currency: plan.currency,
  product: plan.product,
  percentage: String(plan.percentage),
  capMinor: String(plan.capMinor),
  minDepositMinor: String(plan.minDepositMinor),
  code: plan.code ?? '',
  wageringMultiplier: String(plan.wageringMultiplier),
  maxStakeMinor: plan.maxStakeMinor === null ? '' : String(plan.maxStakeMinor),
  validityDays: String(plan.validityDays),
  firstDepositOnly: plan.firstDepositOnly,
  active: plan.active,
  contentSlug: plan.contentSlug ?? '',
  methods: plan.methods,
  contributions: Object.fromEntries(Object.entries(plan.contributions).map(([kind, percent]) => [kind, String(percent)])),
});

/** The game kinds a plan of `product` may count (ANY: every kind). */
const kindsOf = (product: BonusProduct | ''): readonly string[] =>
  product === '' ? [] : product === 'ANY' ? GAME_PRODUCTS.flatMap((each) => PRODUCT_GAME_KINDS[each]) : PRODUCT_GAME_KINDS[product];

/** A number field's value as sent: NaN for text that is not one, so the server names the field. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

function bodyOf(draft: Draft): Partial<BonusPlanBody> {
  const kinds = kindsOf(draft.product);
  return {
    name: draft.name,
    kind: draft.kind,
    currency: draft.currency as BonusPlanBody['currency'],
    ...(draft.product === '' ? {} : { product: draft.product }),
    percentage: numberOf(draft.percentage),
    capMinor: numberOf(draft.capMinor),
    minDepositMinor: numberOf(draft.minDepositMinor),
    methods: draft.methods,
    firstDepositOnly: draft.firstDepositOnly,
    code: draft.code.trim() === '' ? null : draft.code.trim(),
    wageringMultiplier: numberOf(draft.wageringMultiplier),
    // Only the kinds of the chosen product are sent: a plan never counts another product's stakes.
    contributions: Object.fromEntries(
      Object.entries(draft.contributions)
        .filter(([kind, percent]) => kinds.includes(kind) && percent.trim() !== '')
        .map(([kind, percent]) => [kind, Number(percent)]),
    ),
    maxStakeMinor: draft.maxStakeMinor.trim() === '' ? null : numberOf(draft.maxStakeMinor),
    validityDays: numberOf(draft.validityDays),
    contentSlug: draft.contentSlug.trim() === '' ? null : draft.contentSlug.trim(),
    active: draft.active,
  };
}

function PlanForm({ plan, onDone }: { plan: BonusPlanView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBonusPlan();
  const [draft, setDraft] = useState<Draft>(plan ? draftOf(plan) : emptyDraft);
  const error = (field: string) => fieldErrorOf(save.error, field);
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ planId: plan?.planId ?? null, body: bodyOf(draft) }, { onSuccess: onDone });
  };
  const text = (
    name: 'name' | 'code' | 'contentSlug' | 'percentage' | 'capMinor' | 'minDepositMinor' | 'wageringMultiplier' | 'maxStakeMinor' | 'validityDays',
    numeric = false,
    required = false,
  ) => (
    <Field label={t(`bo.bonusPlans.field.${name}`)} error={error(name)} required={required}>
      {(control) => (
        <input
          {...control}
          className="input"
          name={name}
          inputMode={numeric ? 'numeric' : undefined}
          autoComplete="off"
          value={draft[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <form className="bo-card bo-stack" onSubmit={submit} noValidate data-testid="bo-bonus-plan-form">
      <h3 className="bo-card__title">{plan ? t('bo.bonusPlans.editTitle', { name: plan.name }) : t('bo.bonusPlans.createTitle')}</h3>
      {text('name', false, true)}
      <Field label={t('bo.bonusPlans.field.product')} error={error('product')} hint={t('bo.bonusPlans.productHint')} required>
        {(control) => (
          <select
            {...control}
            className="input"
            name="product"
            value={draft.product}
            onChange={(event) => set('product', event.target.value as Draft['product'])}
            data-testid="bo-bonus-plan-product"
          >
            <option value="">{t('bo.bonusPlans.chooseProduct')}</option>
            {BONUS_PRODUCTS.map((product) => (
              <option key={product} value={product}>
                {t(`bo.bonusPlans.product.${product}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('bo.bonusPlans.field.kind')} error={error('kind')} required>
        {(control) => (
          <select {...control} className="input" name="kind" value={draft.kind} onChange={(event) => set('kind', event.target.value as Draft['kind'])}>
            {BONUS_PLAN_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`bo.bonusPlans.kind.${kind}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('bo.bonusPlans.field.currency')} error={error('currency')} required>
        {(control) => (
          <select {...control} className="input" name="currency" value={draft.currency} onChange={(event) => set('currency', event.target.value)}>
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        )}
      </Field>
      {text('capMinor', true, true)}
      {text('percentage', true)}
      {text('minDepositMinor', true)}
      {text('code')}
      {text('wageringMultiplier', true, true)}
      {text('maxStakeMinor', true)}
      {text('validityDays', true, true)}
      {text('contentSlug')}
      <fieldset className="bo-stack" data-testid="bo-bonus-plan-contributions">
        <legend>{t('bo.bonusPlans.field.contributions')}</legend>
        {draft.product === '' ? <p className="bo-muted">{t('bo.bonusPlans.contributionsFirst')}</p> : null}
        {kindsOf(draft.product).map((kind) => (
          <Field key={kind} label={`${kind} (%)`}>
            {(control) => (
              <input
                {...control}
                className="input"
                inputMode="numeric"
                name={`contribution-${kind}`}
                value={draft.contributions[kind] ?? ''}
                onChange={(event) => set('contributions', { ...draft.contributions, [kind]: event.target.value })}
              />
            )}
          </Field>
        ))}
        {error('contributions') ? (
          <p className="field__error" data-testid="field-error">
            {error('contributions')}
          </p>
        ) : null}
      </fieldset>
      <label className="bo-inline-form">
        <input type="checkbox" checked={draft.firstDepositOnly} onChange={(event) => set('firstDepositOnly', event.target.checked)} />{' '}
        {t('bo.bonusPlans.field.firstDepositOnly')}
      </label>
      <label className="bo-inline-form">
        <input type="checkbox" checked={draft.active} onChange={(event) => set('active', event.target.checked)} /> {t('bo.bonusPlans.field.active')}
      </label>
      <div className="bo-inline-form">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('bo.bonusPlans.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('bo.bonusPlans.cancel')}
        </button>
      </div>
      {save.isError && !(save.error instanceof BackOfficeError && save.error.fieldErrors.length > 0) ? <p role="alert">{t('bo.failed')}</p> : null}
    </form>
  );
}

/**
 * The bonus plan editor (issue 29 item 4; SR 5.1.1(3b) one product per incentive): every plan with
 * the one product its stakes and wagering apply to, a form to create or change one. The product
 * has no default — the editor chooses it — and contributions are offered only for its game kinds.
 */
export function BonusPlanEditor() {
  const { t } = useTranslation();
  const plans = useBonusPlans();
  const [editing, setEditing] = useState<BonusPlanView | 'new' | null>(null);
  return (
    <div className="bo-stack" data-testid="bo-bonus-plans">
      <section className="bo-card">
        <h2 className="bo-card__title">{t('bo.bonusPlans.title')}</h2>
        <p className="bo-muted">{t('bo.bonusPlans.lead')}</p>
        {plans.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
        {plans.isError ? <p role="alert">{t('bo.failed')}</p> : null}
        {plans.data ? (
          <div className="bo-scroll">
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">{t('bo.bonusPlans.field.name')}</th>
                  <th scope="col">{t('bo.bonusPlans.field.product')}</th>
                  <th scope="col">{t('bo.bonusPlans.field.kind')}</th>
                  <th scope="col">{t('bo.bonusPlans.field.wageringMultiplier')}</th>
                  <th scope="col">{t('bo.bonusPlans.field.active')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('bo.bonusPlans.edit')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {plans.data.plans.map((plan) => (
                  <tr key={plan.planId} data-testid={`bo-bonus-plan-${plan.planId}`}>
                    <td>
                      {plan.name} <span className="bo-muted">({plan.currency})</span>
                    </td>
                    <td data-testid="bo-bonus-plan-product-cell">{t(`bo.bonusPlans.product.${plan.product}`)}</td>
                    <td>{t(`bo.bonusPlans.kind.${plan.kind}`)}</td>
                    <td>{plan.wageringMultiplier}×</td>
                    <td>{plan.active ? t('bo.bonusPlans.yes') : t('bo.bonusPlans.no')}</td>
                    <td>
                      <button type="button" className="button button--secondary button--small" onClick={() => setEditing(plan)}>
                        {t('bo.bonusPlans.edit')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {editing === null ? (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')} data-testid="bo-bonus-plan-new">
            {t('bo.bonusPlans.new')}
          </button>
        ) : null}
      </section>
      {editing !== null ? (
        <PlanForm key={editing === 'new' ? 'new' : editing.planId} plan={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
