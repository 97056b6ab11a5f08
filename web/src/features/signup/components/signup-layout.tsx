import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldCheckIcon } from '../../../shared/components/icons';
import './signup.css';

/** The frame of both sign-up steps: the progress, a reassurance panel and the form card. */
export function SignupLayout({ step, title, lead, children, testId }: { step: 1 | 2; title: string; lead: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="signup" data-testid={testId} aria-labelledby="signup-title">
      <aside className="signup__aside">
        <p className="signup__eyebrow">{t('signup.stepOf', { step, total: 2 })}</p>
        <ol className="signup__progress" aria-label={t('signup.progress')}>
          {[1, 2].map((number) => (
            <li
              key={number}
              className={number === step ? 'is-current' : number < step ? 'is-done' : undefined}
              aria-current={number === step ? 'step' : undefined}
            >
              <span className="signup__progress-dot">{number}</span>
              <span>{t(number === 1 ? 'signup.step1Name' : 'signup.step2Name')}</span>
            </li>
          ))}
        </ol>
        <ul className="signup__assurances">
          <li>
            <ShieldCheckIcon width={20} height={20} />
            <span>{t('signup.assurance.secure')}</span>
          </li>
          <li>
            <ShieldCheckIcon width={20} height={20} />
            <span>{t('signup.assurance.age')}</span>
          </li>
          <li>
            <ShieldCheckIcon width={20} height={20} />
            <span>{t('signup.assurance.tools')}</span>
          </li>
        </ul>
      </aside>
      <div className="signup__card">
        <h1 id="signup-title" className="signup__title">
          {title}
        </h1>
        <p className="signup__lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
