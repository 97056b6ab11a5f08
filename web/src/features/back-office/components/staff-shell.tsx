import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmeraldMark, MenuIcon, CloseIcon } from '../../../shared/components/icons';
import { LanguageSwitch } from '../../../shared/components/language-switch';
import './staff-shell.css';

export interface StaffNavItem {
  value: string;
  label: string;
  href: string;
  current: boolean;
}

interface StaffShellProps {
  /** The views the member's permissions allow; none before sign-in. */
  nav: readonly StaffNavItem[];
  /** The signed-in member, with their roles in words; null before sign-in. */
  member: { name: string; roles: string } | null;
  onSignOut?: () => void;
  signingOut?: boolean;
  /** The page's one heading: the open view's name. */
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * The back office's own shell (issue 27 item 12): the staff area's name, its navigation (the views
 * the member may open), the member and their role, the language and sign-out — nothing of the
 * player portal's header or footer. On a phone the navigation folds into a menu button.
 */
export function StaffShell({ nav, member, onSignOut, signingOut = false, title, lead, children }: StaffShellProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the phone's menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="staff-shell" data-testid="back-office" data-menu-open={menuOpen}>
      <a className="skip-link" href="#bo-main">
        {t('bo.shell.skip')}
      </a>
      <header className="staff-shell__bar" data-testid="bo-shell-header">
        {nav.length > 0 ? (
          <button
            ref={toggle}
            type="button"
            className="icon-button staff-shell__toggle"
            aria-expanded={menuOpen}
            aria-controls={navId}
            data-testid="bo-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon width={20} height={20} /> : <MenuIcon width={20} height={20} />}
            <span className="staff-shell__toggle-label">{t('bo.shell.menu')}</span>
          </button>
        ) : null}
        <Link className="staff-shell__brand" to="/entity" aria-label={t('bo.shell.home')}>
          <EmeraldMark width={28} height={28} />
          <span aria-hidden="true">
            <span className="staff-shell__word">Emerald </span>
            <span className="staff-shell__area">{t('pages.entity')}</span>
          </span>
        </Link>
        <div className="staff-shell__end">
          {member ? (
            <p className="staff-shell__member" data-testid="bo-staff">
              <span className="visually-hidden">{t('bo.shell.member')}: </span>
              <span className="staff-shell__name" data-testid="bo-staff-name">
                {member.name}
              </span>
              <span className="visually-hidden">, {t('bo.shell.role')}: </span>
              <span className="staff-shell__role" data-testid="bo-staff-role">
                {member.roles}
              </span>
            </p>
          ) : null}
          <LanguageSwitch testId="bo-language" />
          {member && onSignOut ? (
            <button type="button" className="button button--ghost staff-shell__sign-out" onClick={onSignOut} disabled={signingOut} data-testid="bo-sign-out">
              {t('bo.signOut')}
            </button>
          ) : null}
        </div>
      </header>
      <div className="staff-shell__body">
        {nav.length > 0 ? (
          <nav id={navId} className="staff-shell__nav" aria-label={t('bo.shell.nav')} data-testid="bo-nav">
            <ul>
              {nav.map((item) => (
                <li key={item.value}>
                  <Link className="staff-shell__link" to={item.href} aria-current={item.current ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="bo-main" className="staff-shell__main" tabIndex={-1}>
          <header className="bo__header">
            <h1 id="bo-title" className="bo__title">
              {title}
            </h1>
            {lead}
          </header>
          {children}
        </main>
      </div>
    </div>
  );
}
