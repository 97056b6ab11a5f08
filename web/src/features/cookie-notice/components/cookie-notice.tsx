import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useConfigurationText } from '../../../shared/configuration/configuration-text';
import { cookieNames, readCookie, writeCookie } from '../../../shared/cookies';
import './cookie-notice.css';

/**
 * NAV-50…52: shown until accepted; acceptance is remembered for 30 days. There is no separate
 * cookie-policy page, so the policy link opens the terms (NS-29).
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const { cookie_message } = useConfigurationText();
  const [accepted, setAccepted] = useState(() => readCookie(cookieNames.cookiesAccepted) !== undefined);
  if (accepted) return null;

  function accept() {
    writeCookie(cookieNames.cookiesAccepted, 'true');
    setAccepted(true);
  }

  return (
    <section className="cookie-notice" aria-label={t('cookies.title')} data-testid="cookie-notice">
      <p className="cookie-notice__text">{cookie_message}</p>
      <div className="cookie-notice__actions">
        <Link className="cookie-notice__link" to={paths.termsConditions.getHref()}>
          {t('cookies.policy')}
        </Link>
        <Link className="cookie-notice__link" to={paths.fundsProtection.getHref()}>
          {t('cookies.funds')}
        </Link>
        <button type="button" className="button button--primary" onClick={accept}>
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}
