import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { CheckIcon } from '../../../shared/components/icons';
import { SideSheet } from '../../../shared/components/side-sheet';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import './auth-sidebars.css';

const benefits = ['signup.benefit.games', 'signup.benefit.safe', 'signup.benefit.tools'] as const;

/** The sign-up sidebar (NAV-10): the way in to the two sign-up steps, and the switch to login. */
export function SignupSidebar() {
  const { t } = useTranslation();
  const { open, show, close } = useSidebars();
  const navigate = useNavigate();
  return (
    <SideSheet
      open={open?.name === 'signup'}
      onOpenChange={(next) => !next && close()}
      side="right"
      title={t('signup.title')}
      description={t('signup.description')}
      testId="sidebar-signup"
    >
      <ol className="auth-sidebar__steps">
        <li>
          <span className="auth-sidebar__step-number">1</span>
          <span>{t('signup.step1Summary')}</span>
        </li>
        <li>
          <span className="auth-sidebar__step-number">2</span>
          <span>{t('signup.step2Summary')}</span>
        </li>
      </ol>
      <ul className="auth-sidebar__benefits">
        {benefits.map((benefit) => (
          <li key={benefit}>
            <CheckIcon width={16} height={16} />
            {t(benefit)}
          </li>
        ))}
      </ul>
      <Link
        className="button button--primary button--block button--large"
        to={paths.join.getHref()}
        data-testid="signup-join"
        onClick={(event) => {
          // Close once /join is shown: closing first would send /signup back home and cancel the way in.
          event.preventDefault();
          void Promise.resolve(navigate(paths.join.getHref())).then(close);
        }}
      >
        {t('signup.joinNow')}
      </Link>
      <p className="auth-sidebar__small">{t('signup.ageNotice')}</p>
      <p className="auth-sidebar__switch">
        {t('signup.switchPrompt')}{' '}
        <button type="button" className="auth-sidebar__switch-button" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
          {t('signup.switchAction')}
        </button>
      </p>
    </SideSheet>
  );
}
