import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import type { LoginRedirectState } from '../../../shared/session/private-route';
import type { z } from 'zod';
import type { contactListSchema } from '../../../../../contracts/content/pages';
import { ContentModal } from '../../../shared/content/content-modal';
import { ContentPage } from '../../../shared/content/content-page';
import { useConfiguration } from '../../../shared/configuration/configuration';
import { decodeTitle } from '../../games/game-catalogue';
import { LiveChatPanel } from '../../support/live-chat-panel';
import { useSession } from '../../../shared/session/use-session';
import { useContactUs } from '../api/contact-us';
import { dialLink } from '../dial-link';
import './info-pages.css';

type ContactEntry = z.infer<typeof contactListSchema>[number];

/**
 * NAV-29, CONTENT-19…22: free call, call and SMS numbers, the live-chat opener and the e-mail button.
 * The opener starts a signed-in player's conversation with support (issue 16 LIVE HELP, which opens
 * this page with ?chat=open); a visitor is told chat needs an account, offered log in (back to the
 * open chat) or join, and how else to reach us meanwhile (NAV-60).
 */
export function ContactPage() {
  const { t } = useTranslation();
  const { support_email } = useConfiguration();
  const entries = useContactUs();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const [chatOpen, setChatOpen] = useState(searchParams.get('chat') === 'open');
  const list = entries.data ?? [];
  const hasEmail = list.some((entry) => entry.acf.kind === 'email');
  const cards: ContactEntry[] | null = entries.data ? list : null;
  return (
    <ContentPage
      title={t('contactUs.title')}
      intro={t('contactUs.intro')}
      testId="contact-page"
      state={{ isPending: entries.isPending, isError: false, empty: false }}
    >
      <ul className="contact-grid">
        {(cards ?? []).map((entry) => (
          <li key={entry.id} className={`contact-card contact-card--${entry.acf.kind}`} data-testid={`contact-${entry.acf.kind}`}>
            <h2 className="contact-card__title">{decodeTitle(entry.title.rendered)}</h2>
            {entry.acf.value ? <p className="contact-card__value">{entry.acf.value}</p> : null}
            {/* description is HTML the content service sanitised on write and on output (DEF-19). */}
            <div className="rich-text contact-card__text" dangerouslySetInnerHTML={{ __html: entry.acf.description }} />
            <ContactAction entry={entry} supportEmail={support_email} onChat={() => setChatOpen(true)} />
          </li>
        ))}
        {!hasEmail && support_email ? (
          <li className="contact-card contact-card--email" data-testid="contact-email">
            <h2 className="contact-card__title">{t('contactUs.email', { email: '' }).trim()}</h2>
            <p className="contact-card__value">{support_email}</p>
            <a className="button button--primary" href={`mailto:${support_email}`}>
              {t('contactUs.email', { email: support_email })}
            </a>
          </li>
        ) : null}
      </ul>
      {chatOpen ? (
        <ContentModal title={t('contactUs.chatTitle')} onClose={() => setChatOpen(false)} testId="live-chat-modal">
          {session.authenticated ? <LiveChatPanel /> : <ChatSignIn />}
        </ContentModal>
      ) : null}
    </ContentPage>
  );
}

/** A visitor's way into live chat: log in (and come back to this page with the chat open) or join. */
function ChatSignIn() {
  const { t } = useTranslation();
  const state: LoginRedirectState = { from: { pathname: paths.contactUs.getHref(), search: '?chat=open' } };
  return (
    <div className="rich-text" data-testid="live-chat-sign-in">
      <p>{t('contactUs.chatSignIn')}</p>
      <p className="contact-card__actions">
        <Link className="button button--primary" to={paths.login.getHref()} state={state} data-testid="live-chat-login">
          {t('nav.login')}
        </Link>{' '}
        <Link className="button button--secondary" to={paths.join.getHref()}>
          {t('nav.join')}
        </Link>
      </p>
    </div>
  );
}

function ContactAction({ entry, supportEmail, onChat }: { entry: ContactEntry; supportEmail: string; onChat(): void }) {
  const { t } = useTranslation();
  const { kind, value, link } = entry.acf;
  if (kind === 'live_chat') {
    return (
      <button type="button" className="button button--primary" onClick={onChat} data-testid="live-chat-open">
        {t('contactUs.chat')}
      </button>
    );
  }
  if (kind === 'email') {
    // CONTENT-22: the configured support address ({email}, NS-01) is the one players write to.
    const email = supportEmail || value;
    return (
      <a className="button button--primary" href={`mailto:${email}`} data-testid="contact-email-button">
        {t('contactUs.email', { email })}
      </a>
    );
  }
  const href = dialLink(kind, value, link);
  if (!href) return null;
  const label = kind === 'sms' ? t('contactUs.text', { number: value }) : t('contactUs.call', { number: value });
  return (
    <a className={kind === 'free_call' ? 'button button--primary' : 'button button--secondary'} href={href} data-testid={`contact-${kind}-button`}>
      {label}
    </a>
  );
}
