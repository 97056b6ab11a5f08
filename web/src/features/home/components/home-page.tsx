import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { affiliateIdOf } from '../../../../../contracts/content/home-entry';
import { cookieNames, readCookie } from '../../../shared/cookies';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useSession } from '../../../shared/session/use-session';
import { SaferGamblingStrip } from '../../responsible-gaming/shell';
import { pickHomeEntry, useHomeEntries } from '../api/home-entries';
import { HomeBanner } from './home-banner';
import { useTrackingLinks } from './use-tracking-links';
import './home-page.css';

// The portal's own hero, drawn only when the content service has no home entry.
const HomeFallback = lazy(() => import('./home-fallback').then((module) => ({ default: module.HomeFallback })));
// Below the banner: the cards and the games catalogue arrive as their own chunks, after the banner.
const ActionCards = lazy(() => import('./action-cards').then((module) => ({ default: module.ActionCards })));
const GamesStrip = lazy(() => import('./games-strip').then((module) => ({ default: module.GamesStrip })));

const affiliateId = () => affiliateIdOf(readCookie(cookieNames.affiliate));

/** NAV-01, HOME-01…19: banner, promotional cards and a games strip. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const entries = useHomeEntries();
  useDocumentTitle(t('app.name'));
  useTrackingLinks();
  const entry = entries.data ? pickHomeEntry(entries.data, affiliateId()) : undefined;

  return (
    <div className="home" data-testid="home-page" data-audience={session.authenticated ? 'player' : 'visitor'}>
      {/* Issue 27: the page's one <h1>, for screen readers and search engines; the banner's own
          titles are content (h2) and the fallback hero's title sits beneath this one. */}
      <h1 className="visually-hidden" data-testid="home-title">
        {t('home.title')}
      </h1>
      {/* The banner is drawn as soon as its entry is here (it is the page's largest paint); only its
          buttons wait for the session check, which says whether they are a visitor's or a player's. */}
      {entries.isPending ? (
        <div className="home-banner home-banner--loading" aria-hidden="true" />
      ) : entry ? (
        <HomeBanner entry={entry} authenticated={session.checked ? session.authenticated : null} />
      ) : (
        <Suspense fallback={<div className="home-banner home-banner--loading" aria-hidden="true" />}>
          <HomeFallback />
        </Suspense>
      )}
      {/* One boundary each: the cards mount once the session is known, and a lazy component that
          mounts into a boundary already waiting on another has no boundary to suspend to. */}
      <Suspense fallback={<div className="home__pending" aria-hidden="true" />}>
        {session.checked ? <ActionCards page={session.authenticated ? 'home-auth' : 'home'} title={t('home.cardsTitle')} /> : null}
      </Suspense>
      <Suspense fallback={null}>
        <GamesStrip />
      </Suspense>
      {/* Issue 12: the limits one click from the home page. */}
      <SaferGamblingStrip />
    </div>
  );
}
