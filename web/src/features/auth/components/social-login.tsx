import { useTranslation } from 'react-i18next';
import { serviceUrl } from '../../../shared/api/service-addresses';
import { useConfiguration } from '../../../shared/configuration/configuration';
import { useWarningModal } from '../../../shared/components/warning-modal-state';

/**
 * SESS-31, SESS-36: one button per configured social provider; the browser leaves for the platform's
 * sign-in, with the 'Authentication In Progress' notice shown while it goes.
 */
export function SocialLogin() {
  const { t } = useTranslation();
  const { social_providers: providers } = useConfiguration();
  const warn = useWarningModal();
  if (providers.length === 0) return null;
  return (
    <div className="auth-sidebar__social" data-testid="social-login">
      <p className="auth-sidebar__divider">
        <span>{t('login.or')}</span>
      </p>
      {providers.map((provider) => (
        <button
          key={provider.socialType}
          type="button"
          className="button button--secondary button--block"
          onClick={() => {
            warn({ title: t('login.authInProgressTitle'), message: t('login.authInProgress') });
            window.location.assign(`${serviceUrl('ps', '/socialLogin')}?socialType=${encodeURIComponent(provider.socialType)}`);
          }}
        >
          {t('login.continueWith', { name: provider.name })}
        </button>
      ))}
    </div>
  );
}
