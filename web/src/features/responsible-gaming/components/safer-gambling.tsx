import { Link } from 'react-router';
import { accountTabs, paths } from '../../../config/paths';
import { useRgTranslation, type RgKey } from '../i18n';
import './responsible-gaming-shell.css';
import { ShieldCheckIcon } from '../../../shared/components/icons';

/** The limits page: the account's Responsible Gaming tab (NAV-67); a visitor logs in first and comes back. */
export const limitsHref = paths.account.getHref({ tab: accountTabs.responsibleGaming });

/** The help a UK or Irish player expects to find (GB: BeGambleAware, GamCare, GAMSTOP; Ireland: Gambling Care). */
const helpLinks: readonly { href: string; label: RgKey }[] = [
  { href: 'https://www.begambleaware.org/', label: 'rgShell.footer.gambleAware' },
  { href: 'https://www.gamcare.org.uk/', label: 'rgShell.footer.gamCare' },
  { href: 'https://www.gamstop.co.uk/', label: 'rgShell.footer.gamstop' },
  { href: 'https://www.gamblingcare.ie/', label: 'rgShell.footer.gamblingCare' },
];

/** The footer's safer-gambling block: the limits page, then the help organisations (external, new tab). */
export function SaferGamblingLinks() {
  const { t } = useRgTranslation();
  return (
    // A region of its own, not a second navigation landmark beside the legal links.
    <section className="rg-footer" aria-labelledby="rg-footer-title" data-testid="safer-gambling-links">
      <h2 id="rg-footer-title" className="rg-footer__title">
        {t('rgShell.footer.title')}
      </h2>
      <ul className="rg-footer__links">
        <li>
          <Link to={limitsHref} data-testid="footer-limits">
            {t('rgShell.footer.limits')}
          </Link>
        </li>
        {helpLinks.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {t(link.label)}
              <span className="visually-hidden"> {t('rgShell.footer.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="rg-footer__age">{t('rgShell.footer.age')}</p>
    </section>
  );
}

/** The home page's safer-gambling strip: the limits one click away. */
export function SaferGamblingStrip() {
  const { t } = useRgTranslation();
  return (
    <aside className="rg-strip" aria-labelledby="rg-strip-title" data-testid="safer-gambling-strip">
      <span className="rg-strip__icon" aria-hidden="true">
        <ShieldCheckIcon width={22} height={22} />
      </span>
      <div className="rg-strip__copy">
        <h2 id="rg-strip-title" className="rg-strip__title">
          {t('rgShell.strip.title')}
        </h2>
        <p className="rg-strip__text">{t('rgShell.strip.text')}</p>
      </div>
      <Link className="button button--secondary rg-strip__link" to={limitsHref} data-testid="safer-gambling-strip-link">
        {t('rgShell.strip.link')}
      </Link>
    </aside>
  );
}
