import { useTranslation } from 'react-i18next';
import { boxKey, MarketingMatrix } from '../../../shared/components/marketing-matrix';
import { useMarketingConsents, useSaveMarketingConsent } from '../api/marketing-consents';

/**
 * Marketing preferences (UKGC SR 5.1.12): the product × channel matrix; a box saves at once and
 * every box waits while it does, as the contact consents do.
 */
export function MarketingPreferences() {
  const { t } = useTranslation();
  const consents = useMarketingConsents();
  const save = useSaveMarketingConsent();
  return (
    <section className="account-section" aria-labelledby="account-marketing">
      <h2 id="account-marketing" className="account-section__title">
        {t('account.marketing.title')}
      </h2>
      <p className="account__state">{t('account.marketing.lead')}</p>
      {consents.isPending ? <p className="account__state">{t('account.loading')}</p> : null}
      {consents.isError ? <p className="account__state">{t('account.loadFailed')}</p> : null}
      {save.isError ? (
        <p role="alert" className="account__state">
          {t('account.marketing.saveFailed')}
        </p>
      ) : null}
      {consents.data ? (
        <MarketingMatrix
          ticked={new Set(consents.data.filter((box) => box.granted).map((box) => boxKey(box.product, box.channel)))}
          disabled={save.isPending}
          onChange={(product, channel, granted) => save.mutate({ product, channel, granted })}
          testId="account-marketing"
        />
      ) : null}
    </section>
  );
}
