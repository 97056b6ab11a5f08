import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../shared/components/icons';
import type { TranslationKey } from '../../../shared/i18n/en';
import { useSession } from '../../../shared/session/use-session';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { BingoArt, CasinoArt, HeroArt, LiveArt } from './home-art';
import './home-fallback.css';

interface Category {
  slug: string;
  title: TranslationKey;
  text: TranslationKey;
  art: ReactNode;
}

const categories: readonly Category[] = [
  { slug: 'casino', title: 'home.casino.title', text: 'home.casino.text', art: <CasinoArt /> },
  { slug: 'live-casino', title: 'home.live.title', text: 'home.live.text', art: <LiveArt /> },
  { slug: 'bingo', title: 'home.bingo.title', text: 'home.bingo.text', art: <BingoArt /> },
];

const promises: readonly TranslationKey[] = ['home.trust.secure', 'home.trust.fast', 'home.trust.responsible'];

/** The hero shown when the content service has no home entry (HOME-09): the portal's own welcome. */
export function HomeFallback() {
  const { t } = useTranslation();
  const session = useSession();
  const { show } = useSidebars();

  return (
    <div className="home-fallback" data-testid="home-fallback">
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="home-hero__copy">
          <p className="home-hero__eyebrow">{t('home.eyebrow')}</p>
          <h2 id="home-hero-title" className="home-hero__title">
            {t(session.authenticated ? 'home.welcomeBack' : 'home.welcome')}
          </h2>
          <p className="home-hero__tagline">{t('home.tagline')}</p>
          <div className="home-hero__actions">
            {session.authenticated ? (
              <Link className="button button--primary button--large" to={paths.deposit.getHref()}>
                {t('home.deposit')}
              </Link>
            ) : (
              <button type="button" className="button button--primary button--large" onClick={() => show({ name: 'signup' })}>
                {t('home.join')}
              </button>
            )}
            <Link className="button button--secondary button--large" to={paths.play.getHref()}>
              {t('home.explore')}
              <ArrowRightIcon width={18} height={18} />
            </Link>
          </div>
          <ul className="home-hero__promises">
            {promises.map((promise) => (
              <li key={promise}>{t(promise)}</li>
            ))}
          </ul>
        </div>
        <div className="home-hero__art" aria-hidden="true">
          <HeroArt />
        </div>
      </section>

      <section className="home-categories" aria-labelledby="home-categories-title">
        <h2 id="home-categories-title" className="home-categories__title">
          {t('home.categoriesTitle')}
        </h2>
        <ul className="home-categories__list">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link className={`home-category home-category--${category.slug}`} to={paths.play.getHref({ category: category.slug })}>
                <span className="home-category__art" aria-hidden="true">
                  {category.art}
                </span>
                <span className="home-category__title">{t(category.title)}</span>
                <span className="home-category__text">{t(category.text)}</span>
                <ArrowRightIcon className="home-category__arrow" width={20} height={20} />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
