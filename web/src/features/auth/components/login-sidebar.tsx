import { useTranslation } from 'react-i18next';
import { SideSheet } from '../../../shared/components/side-sheet';
import { useSidebars, type LoginMode } from '../../../shared/sidebars/sidebar-state';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SetNewPasswordForm } from './set-new-password-form';
import { SocialLogin } from './social-login';
import './auth-sidebars.css';

const titles = {
  'sign-in': 'login.title',
  'forgot-password': 'login.forgotPasswordTitle',
  'set-new-password': 'login.resetPasswordTitle',
} as const satisfies Record<LoginMode, string>;

const socialMessages = { 'not-linked': 'login.socialNotLinked', failed: 'login.socialFailed', locked: 'login.socialLocked' } as const;

/** The login sidebar (spec 000 §2 Login sidebar): sign in, forgot password, set a new password (SESS-07). */
export function LoginSidebar() {
  const { t } = useTranslation();
  const { open, show, close } = useSidebars();
  const login = open?.name === 'login' ? open : null;
  const mode = login?.mode ?? 'sign-in';
  return (
    <SideSheet
      open={login !== null}
      onOpenChange={(next) => !next && close()}
      side="right"
      title={t(titles[mode])}
      description={t(mode === 'sign-in' ? 'login.description' : mode === 'forgot-password' ? 'login.forgotDescription' : 'login.resetDescription')}
      testId="sidebar-login"
    >
      {login?.sessionExpired && mode === 'sign-in' ? (
        <p className="auth-sidebar__banner" role="alert" data-testid="session-expired-banner">
          {t('login.sessionExpired')}
        </p>
      ) : null}
      {login?.socialLogin && mode === 'sign-in' ? (
        <p className="auth-sidebar__banner" role="alert" data-testid="social-login-outcome">
          {t(socialMessages[login.socialLogin])}
        </p>
      ) : null}
      {mode === 'sign-in' ? (
        <>
          <LoginForm />
          <SocialLogin />
        </>
      ) : mode === 'forgot-password' ? (
        <ForgotPasswordForm />
      ) : (
        <SetNewPasswordForm key={login?.reset?.key ?? ''} reset={login?.reset} />
      )}
      <p className="auth-sidebar__switch">
        {t('login.switchPrompt')}{' '}
        <button type="button" className="auth-sidebar__switch-button" onClick={() => show({ name: 'signup' })}>
          {t('login.switchAction')}
        </button>
      </p>
    </SideSheet>
  );
}
