import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SignupCompletionStatus } from '../../../../../contracts/platform/accounts/quick-signup-completion';
import { paths } from '../../../config/paths';
import { ClockIcon, MailIcon } from '../../../shared/components/icons';
import './signup.css';

/** SIGNUP-35, SIGNUP-36, NS-30: what happens next when the identity check did not pass at once. */
export function SignupOutcome({ status }: { status: Exclude<SignupCompletionStatus, 'SUCCESS'> }) {
  const { t } = useTranslation();
  const idCheck = status === 'ID_CHECK_LOCK';
  // The form the player just sent was long; the outcome starts at the top.
  useEffect(() => window.scrollTo({ top: 0 }), []);
  return (
    <section className="signup-outcome" data-testid={idCheck ? 'signup-outcome-id-check' : 'signup-outcome-age-check'} aria-labelledby="signup-outcome-title">
      <div className="signup-outcome__card">
        <span className="signup-outcome__icon" aria-hidden="true">
          {idCheck ? <MailIcon width={30} height={30} /> : <ClockIcon width={30} height={30} />}
        </span>
        <h1 id="signup-outcome-title" className="signup-outcome__title">
          {t(idCheck ? 'outcome.idCheck.title' : 'outcome.ageCheck.title')}
        </h1>
        <p className="signup-outcome__text">{t(idCheck ? 'outcome.idCheck.text' : 'outcome.ageCheck.text')}</p>
        <p className="signup-outcome__text">{t(idCheck ? 'outcome.idCheck.next' : 'outcome.ageCheck.next')}</p>
        <Link className="button button--primary button--large" to={paths.home.getHref()}>
          {t('outcome.continue')}
        </Link>
      </div>
    </section>
  );
}
