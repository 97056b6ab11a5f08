import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiFailure } from '../../../../shared/api/api-failure';
import { FormAlert } from '../../../../shared/components/form-fields';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { prepareDeposit } from '../../api/prepare-deposit';
import { MethodSummary } from '../cashier/method-summary';
import { PanelLoading } from '../cashier/panel-states';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import { depositFailureOf } from './deposit-failure';
import type { DepositSubmit, PaymentStepProps } from './payment-step-props';

/**
 * Deposit step 3 for crypto (DEP-41…43): a quote per coin (GET_QUOTE), the player picks one, and
 * the deposit is sent with its quoteId and the quotes' paymentId. An expired quote is replaced here.
 */
export function CryptoPayment({ state, method, amount, currency, dispatch, onBack, submit }: PaymentStepProps & { submit: DepositSubmit }) {
  const { t } = useTranslation();
  const name = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const quotes = useQuery({
    // One quote request per visit of this step; asking again is the player's choice.
    queryKey: ['wallet', 'crypto-quotes', state.requestId],
    queryFn: () => prepareDeposit({ paymentMethod: method.code, amount }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // A refused quote (limits, identity, server) ends the deposit like a refused payment.
  const quoteError = quotes.error;
  useEffect(() => {
    if (quoteError) dispatch({ type: 'refused', failure: depositFailureOf(quoteError) });
  }, [quoteError, dispatch]);
  const list = quotes.data?.quotes ?? [];
  const quote = list.find((candidate) => candidate.id === chosen) ?? list[0] ?? null;

  const refresh = () => {
    setExpired(false);
    setChosen(null);
    void quotes.refetch();
  };

  return (
    <form
      className="cashier-step"
      aria-labelledby="deposit-crypto-title"
      data-testid="deposit-step-crypto"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!quote || !quotes.data) return;
        submit.pay({ quoteId: quote.id, paymentId: quotes.data.paymentId }, (error) => {
          if (describeApiFailure(error).status !== 'QUOTE_EXPIRED') return false;
          setExpired(true);
          return true;
        });
      }}
    >
      <h3 id="deposit-crypto-title" className="cashier-step__title">
        {t('wallet.crypto.title')}
      </h3>
      <MethodSummary code={method.code}>{formatMoney(amount, currency)}</MethodSummary>
      {quotes.isPending || quotes.isFetching ? <PanelLoading label={t('wallet.crypto.loadingQuotes')} /> : null}
      {expired ? <FormAlert messages={[t('wallet.crypto.expired')]} testId="crypto-quote-expired" /> : null}
      {quotes.isSuccess && !quotes.isFetching ? (
        <fieldset className="quote-choice" data-testid="crypto-quotes">
          <legend className="quote-choice__legend">{t('wallet.crypto.choose')}</legend>
          {list.map((candidate) => (
            <label key={candidate.id} className="quote-choice__option" data-testid={`crypto-quote-${candidate.currency}`}>
              <input type="radio" name={name} checked={quote?.id === candidate.id} onChange={() => setChosen(candidate.id)} />
              <span className="quote-choice__coin">{candidate.currency}</span>
              <span className="quote-choice__amount">{formatMoney(candidate.amount, candidate.currency, 3)}</span>
              <span className="quote-choice__rate">{t('wallet.crypto.rate', { rate: formatMoney(candidate.rate, currency), coin: candidate.currency })}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {quotes.isSuccess && !quotes.isFetching ? (
        <button type="button" className="form__link-button cashier-stack__link" onClick={refresh}>
          {t('wallet.crypto.refresh')}
        </button>
      ) : null}
      <StepActions onBack={onBack}>
        <ProceedButton busy={submit.pending} disabled={!quote || expired || quotes.isFetching} testId="crypto-pay">
          {quote ? t('wallet.crypto.pay', { coin: quote.currency }) : t('wallet.proceed')}
        </ProceedButton>
      </StepActions>
    </form>
  );
}
