import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { GameSearchForm } from '../../../shared/components/game-search-form';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import type { TranslationKey } from '../../../shared/i18n/en';
import './error-page.css';

const usefulLinks: readonly { href: string; label: TranslationKey }[] = [
  { href: paths.play.getHref(), label: 'errors.link.play' },
  { href: paths.promotions.getHref(), label: 'errors.link.promotions' },
  { href: paths.aboutUs.getHref(), label: 'errors.link.about' },
  { href: paths.privacyPolicy.getHref(), label: 'errors.link.privacy' },
  { href: paths.termsConditions.getHref(), label: 'errors.link.terms' },
  { href: paths.fundsProtection.getHref(), label: 'errors.link.funds' },
  { href: paths.responsibleGaming.getHref(), label: 'errors.link.responsibleGaming' },
  { href: paths.casinoGlossary.getHref(), label: 'errors.link.glossary' },
];

interface ErrorPageProps {
  code: 404 | 500;
  titleKey: TranslationKey;
  messageKey: TranslationKey;
}

/** NAV-53…56: the shared body of the 404 and 500 pages. */
export function ErrorPage({ code, titleKey, messageKey }: ErrorPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey));
  return (
    <section className="error-page" data-testid={`error-page-${code}`}>
      <div className="error-page__hero">
        <p className="error-page__code" aria-hidden="true">
          {code}
        </p>
        <h1 className="error-page__message">{t(messageKey)}</h1>
      </div>
      <div className="error-page__search">
        <GameSearchForm label={t('errors.lookingForGame')} placeholder={t('errors.searchPlaceholder')} testId="error-game-search" />
      </div>
      <nav className="error-page__links" aria-labelledby={`error-links-${code}`}>
        <h2 id={`error-links-${code}`} className="error-page__links-title">
          {t('errors.usefulLinks')}
        </h2>
        <ul>
          {usefulLinks.map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
