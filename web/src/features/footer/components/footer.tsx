import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { BrandLink } from '../../../shared/components/brand-link';
import { useConfigurationText } from '../../../shared/configuration/configuration-text';
import { SaferGamblingLinks } from '../../responsible-gaming/shell';
import './footer.css';

/** NAV-48: the footer's four links. */
const footerLinks = [
  { href: paths.termsConditions.getHref(), label: 'footer.terms' },
  { href: paths.privacyPolicy.getHref(), label: 'footer.privacy' },
  { href: paths.contactUs.getHref(), label: 'footer.contact' },
  { href: paths.fundsProtection.getHref(), label: 'footer.funds' },
] as const;

/**
 * The path (with query and hash) of a configured link that stays on this site: one starting with a
 * single `/`, or a full address on this origin. Null for another site's address.
 */
function internalPath(link: string, origin = window.location.origin): string | null {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * NAV-49, issue 27: a badge of the configuration. Its image's alt is the link's name; a badge with no
 * alt stays an image only, as a link with no name is announced as just "link". A link within the site
 * opens in the same tab; another site's opens in a new one and says so.
 */
function FooterBadge({ image, alt, link }: { image: string; alt: string; link?: string }) {
  const { t } = useTranslation();
  const name = alt.trim();
  const picture = <img src={image} alt={name} loading="lazy" />;
  if (!link || !name) return picture;
  const path = internalPath(link);
  if (path !== null) {
    return (
      <Link to={path} data-testid="footer-badge-link">
        {picture}
      </Link>
    );
  }
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" data-testid="footer-badge-link">
      {picture}
      <span className="visually-hidden"> {t('footer.opensInNewTab')}</span>
    </a>
  );
}

/** NAV-48, NAV-49: legal links plus the text and images the configuration gives. */
export function Footer() {
  const { t } = useTranslation();
  const { footer_text, footer_images } = useConfigurationText();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <BrandLink />
          <nav aria-label={t('footer.legalLinks')}>
            <ul className="site-footer__links">
              {footerLinks.map(({ href, label }) => (
                <li key={href}>
                  <Link to={href}>{t(label)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        {footer_images.length > 0 ? (
          <ul className="site-footer__images" aria-label={t('footer.partners')} data-testid="footer-images">
            {footer_images.map((image) => (
              <li key={`${image.image}|${image.alt}`}>
                <FooterBadge image={image.image} alt={image.alt} link={image.link} />
              </li>
            ))}
          </ul>
        ) : null}

        {/* Issue 12: the limits page and the help a UK or Irish player expects. */}
        <SaferGamblingLinks />

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
