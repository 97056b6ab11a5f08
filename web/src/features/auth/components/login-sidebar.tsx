import { useTranslation } from 'react-i18next';
import { SideSheet } from '../../../shared/components/side-sheet';
import { useSidebars, type LoginMode } from '../../../shared/sidebars/sidebar-state';
import './auth-sidebars.css';

const titles = {
  'sign-in': 'login.title',
  'forgot-password': 'login.forgotPasswordTitle',
  'set-new-password': 'login.resetPasswordTitle',
} as const satisfies Record<LoginMode, string>;

/** The login sidebar (spec 000 §2 Login sidebar); its forms arrive with the session issue. */
export function LoginSidebar() {
  const { t } = useTranslation();
  const { open, show, close } = useSidebars();
  const login = open?.name === 'login' ? open : null;
  return (
    <SideSheet
      open={login !== null}
      onOpenChange={(next) => !next && close()}
      side="right"
      title={t(titles[login?.mode ?? 'sign-in'])}
      description={t('login.description')}
      testId="sidebar-login"
    >
      {login?.sessionExpired ? (
        <p className="auth-sidebar__banner" role="alert" data-testid="session-expired-banner">
          {t('login.sessionExpired')}
        </p>
      ) : null}
      <p className="auth-sidebar__notice">{t('login.notice')}</p>
      <p className="auth-sidebar__switch">
        {t('login.switchPrompt')}{' '}
        <button type="button" className="auth-sidebar__switch-button" onClick={() => show({ name: 'signup' })}>
          {t('login.switchAction')}
        </button>
      </p>
    </SideSheet>
  );
}
