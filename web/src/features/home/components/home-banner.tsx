import { useTranslation } from 'react-i18next';
import { homeBannerBackground } from '../../../../../contracts/content/home-entry';
import { useViewport } from '../../../shared/hooks/use-viewport';
import type { HomeEntry } from '../api/home-entries';
import { usePortalAction } from './use-card-action';

/** HOME-10…14: the banner of the home entry, its welcome message and the buttons meant for this visitor. */
export function HomeBanner({ entry, authenticated }: { entry: HomeEntry; authenticated: boolean | null }) {
  const { t } = useTranslation();
  const viewport = useViewport();
  const run = usePortalAction();
  const { acf } = entry;
  const mobile = viewport === 'mobile';
  const background = homeBannerBackground(entry, mobile);
  const message = (mobile ? acf.mobile_welcome_message : '') || acf.welcome_message;
  const actions = acf.welcome_action.filter((action) => action.type === (authenticated ? 'authenticated' : 'unAuthenticated'));
  return (
    <section className="home-banner" aria-label={t('home.bannerLabel')} data-testid="home-banner" data-entry={entry.title.rendered}>
      {background ? <img className="home-banner__background" src={background} alt="" fetchPriority="high" data-testid="home-banner-background" /> : null}
      <div className="home-banner__copy">
        {/* welcome_message is HTML the content service sanitised on write and again on output (DEF-19). */}
        <div className="home-banner__message" dangerouslySetInnerHTML={{ __html: message }} data-testid="home-welcome-message" />
        {authenticated === null ? (
          // The buttons' row, kept while the session check answers, so the copy does not move.
          <div className="home-banner__actions home-banner__actions--pending" aria-hidden="true" />
        ) : actions.length > 0 ? (
          <div className="home-banner__actions" data-testid="home-welcome-actions">
            {actions.map((action, index) => (
              <button
                key={`${action.action}-${action.label}`}
                type="button"
                className={`button button--large ${index === 0 ? 'button--primary' : 'button--secondary'}`}
                onClick={() => run(action.action)}
                data-action={action.action}
              >
                {action.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {acf.foreground_image?.guid ? (
        <img className="home-banner__foreground" src={acf.foreground_image.guid} alt="" data-testid="home-banner-foreground" />
      ) : null}
    </section>
  );
}
