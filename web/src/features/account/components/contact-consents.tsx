import { useTranslation } from 'react-i18next';
import { useSaveConsent, useUserConsents } from '../api/user-consents';

/**
 * Contact Consents (ACC-23…28, ACC-37): a box per consent, ticked when given; a change saves at
 * once and every box waits while it does. A mandatory consent once given cannot be withdrawn
 * here (NS-24).
 */
export function ContactConsents() {
  const { t, i18n } = useTranslation();
  const consents = useUserConsents();
  const save = useSaveConsent();
  return (
    <section className="account-section" aria-labelledby="account-consents">
      <h2 id="account-consents" className="account-section__title">
        {t('account.consents.title')}
      </h2>
      {consents.isPending ? <p className="account__state">{t('account.loading')}</p> : null}
      {consents.isError ? <p className="account__state">{t('account.loadFailed')}</p> : null}
      {consents.data ? (
        <ul className="account-consents" data-testid="contact-consents">
          {consents.data.map((consent) => {
            const locked = consent.isMandatory && consent.granted;
            return (
              <li key={consent.consentVersionId}>
                <label className="account-consents__item">
                  <input
                    type="checkbox"
                    checked={consent.granted}
                    disabled={save.isPending || locked}
                    onChange={(event) => save.mutate({ consentVersionId: consent.consentVersionId, granted: event.target.checked })}
                    data-testid={`consent-${consent.key}`}
                  />
                  {/* Known consents are named in the portal's language; a consent added later shows the server's name. */}
                  <span>{i18n.exists(`account.consents.name.${consent.key}`) ? t(`account.consents.name.${consent.key}` as never) : consent.name}</span>
                  {consent.isMandatory ? (
                    <span className="account-consents__mandatory" title={t('account.consents.mandatoryHint')}>
                      {t('account.consents.mandatory')}
                    </span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
