import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { EmeraldMark } from '../../../shared/components/icons';
import { useConfiguration } from '../../../shared/configuration/configuration';
import './footer.css';

/** NAV-48, NAV-49: legal links plus the text and images the configuration gives. */
export function Footer() {
  const { t } = useTranslation();
  const { footer_text, footer_images } = useConfiguration();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <Link className="brand" to={paths.home.getHref()} aria-label={t('header.homeLink')}>
            <EmeraldMark className="brand__mark" />
            <span className="brand__word" aria-hidden="true">
              Emerald
            </span>
          </Link>
          <nav aria-label={t('footer.legalLinks')}>
            <ul className="site-footer__links">
              <li>
                <Link to={paths.termsConditions.getHref()}>{t('footer.terms')}</Link>
              </li>
              <li>
                <Link to={paths.privacyPolicy.getHref()}>{t('footer.privacy')}</Link>
              </li>
              <li>
                <Link to={paths.contactUs.getHref()}>{t('footer.contact')}</Link>
              </li>
              <li>
                <Link to={paths.fundsProtection.getHref()}>{t('footer.funds')}</Link>
              </li>
            </ul>
          </nav>
        </div>

        {footer_images.length > 0 ? (
          <ul className="site-footer__images" aria-label={t('footer.partners')} data-testid="footer-images">
            {footer_images.map((image) => (
              <li key={`${image.image}|${image.alt}`}>
                {image.link ? (
                  <a href={image.link} target="_blank" rel="noopener noreferrer">
                    <img src={image.image} alt={image.alt} loading="lazy" />
                  </a>
                ) : (
                  <img src={image.image} alt={image.alt} loading="lazy" />
                )}
              </li>
            ))}
          </ul>
        ) : null}

        <div className="site-footer__bottom">
          {footer_text ? (
            <p className="site-footer__text" data-testid="footer-text">
              {footer_text}
            </p>
          ) : null}
          <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
