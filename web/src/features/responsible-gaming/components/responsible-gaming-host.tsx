import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../shared/session/use-session';
import { useRgTranslation } from '../i18n';
import { dismissLimitsPrompt, useLimitsPromptOffered } from '../limits-prompt';
import { useLockNotice } from '../lock-notice';
import { LockNoticeDialog } from './lock-notice-dialog';
import { RealityCheckWatcher } from './reality-check-modal';
import './responsible-gaming-shell.css';

// The limits page (and its strings) downloads only when the player opens it from the prompt.
const LimitsModal = lazy(() => import('./responsible-gaming-limits').then((module) => ({ default: module.ResponsibleGamingLimits })));

/** An unobtrusive card at the top of the page, after sign-up: set limits now (the modal variant, RG-01) or not now. */
function WelcomeLimitsPrompt() {
  const { t } = useRgTranslation();
  const [open, setOpen] = useState(false);
  const dismiss = dismissLimitsPrompt;
  return (
    <>
      <aside className="rg-welcome" aria-labelledby="rg-welcome-title" data-testid="rg-welcome">
        <div>
          <h2 id="rg-welcome-title" className="rg-welcome__title">
            {t('rgShell.welcome.title')}
          </h2>
          <p className="rg-welcome__text">{t('rgShell.welcome.text')}</p>
        </div>
        <div className="rg-welcome__actions">
          <button type="button" className="button button--primary" onClick={() => setOpen(true)} data-testid="rg-welcome-open">
            {t('rgShell.welcome.open')}
          </button>
          <button type="button" className="button button--ghost" onClick={dismiss} data-testid="rg-welcome-later">
            {t('rgShell.welcome.later')}
          </button>
        </div>
      </aside>
      {open ? (
        <Suspense fallback={null}>
          <LimitsModal
            variant="modal"
            onClose={() => {
              setOpen(false);
              dismiss();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * What responsible gaming adds to every page of the main layout: the portal's reality check while
 * a player is signed in (RG-62), the lock notice after a timeout or self-exclusion (RG-57…59), and
 * the limits prompt after sign-up.
 */
export function ResponsibleGamingHost() {
  const session = useSession();
  const notice = useLockNotice();
  const offered = useLimitsPromptOffered();
  // On a game's page the game client asks the reality check itself, inside the frame: one dialog, not two.
  const { pathname } = useLocation();
  const inGame = pathname === paths.game.path || pathname === paths.gamePage.path;
  return (
    <>
      {session.authenticated && !notice && !inGame ? <RealityCheckWatcher /> : null}
      {session.authenticated && !notice && offered ? <WelcomeLimitsPrompt /> : null}
      {notice ? <LockNoticeDialog notice={notice} /> : null}
    </>
  );
}
