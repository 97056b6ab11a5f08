import { useTranslation } from 'react-i18next';
import { EmeraldMark } from '../shared/components/icons';
import { useDocumentTitle } from '../shared/hooks/use-document-title';
import './boot-screens.css';

/** Shown while start-up discovery runs; it matches the splash painted by index.html. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="boot-screen boot-screen--splash" role="status" data-testid="boot-splash">
      <EmeraldMark className="boot-screen__mark boot-screen__mark--pulse" width={56} height={56} />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

/** BOOT-04, BOOT-05: no content or platform service answered. */
export function StartupFailure({ service }: { service: 'cms' | 'ps' }) {
  const { t } = useTranslation();
  useDocumentTitle(t('boot.errorTitle'));
  return (
    <main className="boot-screen" data-testid="startup-error" data-service={service}>
      <div className="boot-screen__card">
        <EmeraldMark className="boot-screen__mark" width={48} height={48} />
        <p className="boot-screen__code">{t('boot.errorCode', { code: 500 })}</p>
        <h1 className="boot-screen__title">{t(service === 'cms' ? 'boot.cmsNotFound' : 'boot.psNotFound')}</h1>
        <button className="button button--secondary" type="button" onClick={() => window.location.reload()}>
          {t('boot.retry')}
        </button>
      </div>
    </main>
  );
}

/** BOOT-06, BOOT-07: the configuration carries the maintenance marker. */
export function MaintenancePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('boot.maintenanceTitle'));
  return (
    <main className="boot-screen" data-testid="maintenance-page">
      <div className="boot-screen__card">
        <EmeraldMark className="boot-screen__mark" width={56} height={56} />
        <p className="boot-screen__eyebrow">{t('boot.maintenanceTitle')}</p>
        <h1 className="boot-screen__title">{t('boot.maintenance')}</h1>
      </div>
    </main>
  );
}
