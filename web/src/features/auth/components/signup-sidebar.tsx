import { useTranslation } from 'react-i18next';
import { SideSheet } from '../../../shared/components/side-sheet';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import './auth-sidebars.css';

/** The sign-up sidebar; its form arrives with the sign-up issue. */
export function SignupSidebar() {
  const { t } = useTranslation();
  const { open, show, close } = useSidebars();
  return (
    <SideSheet
      open={open?.name === 'signup'}
      onOpenChange={(next) => !next && close()}
      side="right"
      title={t('signup.title')}
      description={t('signup.description')}
      testId="sidebar-signup"
    >
      <p className="auth-sidebar__notice">{t('signup.notice')}</p>
      <p className="auth-sidebar__switch">
        {t('signup.switchPrompt')}{' '}
        <button type="button" className="auth-sidebar__switch-button" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
          {t('signup.switchAction')}
        </button>
      </p>
    </SideSheet>
  );
}
