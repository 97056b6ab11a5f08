import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { confirmSignup } from '../../features/signup/api/signup-confirmation';
import { forgetQuery } from '../../shared/address/forget-query';
import '../../shared/components/page-notice.css';
import { sessionQueryKey } from '../../shared/session/api/check-session-alive';
import { Component as SidebarEntry } from './sidebar-entry';

/** The confirmation link's code and e-mail, or null when the address has neither. */
function confirmationInAddress(): { confirmationCode: string; email: string } | null {
  const query = new URLSearchParams(window.location.search);
  const confirmationCode = query.get('confirmationCode') ?? '';
  const email = query.get('email') ?? '';
  return confirmationCode || email ? { confirmationCode, email } : null;
}

/**
 * /confirm-signup (NAV-02…04, SIGNUP-52): with the e-mailed code it confirms the address and signs
 * the player in (step 2 next for a QUICK_REG player, home otherwise); without one it opens sign-up.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmation] = useState(confirmationInAddress);
  const [failed, setFailed] = useState(confirmation !== null && !(confirmation.confirmationCode && confirmation.email));
  const sent = useRef(false);

  useEffect(() => {
    if (!confirmation) return;
    forgetQuery(['confirmationCode', 'email']);
    if (!confirmation.confirmationCode || !confirmation.email || sent.current) return;
    sent.current = true;
    confirmSignup(confirmation)
      .then(async (answer) => {
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        await navigate(answer.registrationStatus === 'QUICK_REG' ? paths.contact.getHref() : paths.home.getHref(), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [confirmation, navigate, queryClient]);

  if (!confirmation) return <SidebarEntry />;
  return (
    <section className="page-notice" data-testid="confirm-signup" aria-live="polite">
      <div className="page-notice__card">
        <h1 className="page-notice__title">{t(failed ? 'confirmSignup.failedTitle' : 'confirmSignup.confirmingTitle')}</h1>
        <p className="page-notice__body">{t(failed ? 'confirmSignup.failed' : 'confirmSignup.confirming')}</p>
        {failed ? (
          <Link className="button button--primary" to={paths.login.getHref()}>
            {t('header.login')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
