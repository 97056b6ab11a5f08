import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../../shared/content/content-page';
import { decodeTitle } from '../../games/game-catalogue';
import { useAboutUs } from '../api/about-us';
import './info-pages.css';

/** NAV-28, CONTENT-18: the about-us sections, by priority. */
export function AboutPage() {
  const { t } = useTranslation();
  const sections = useAboutUs();
  const list = sections.data ?? [];
  return (
    <ContentPage title={t('about.title')} testId="about-page" state={{ isPending: sections.isPending, isError: sections.isError, empty: list.length === 0 }}>
      <div className="about">
        {list.map((section) => (
          <section key={section.id} className={section.acf.image?.url ? 'about__section about__section--image' : 'about__section'} data-testid="about-section">
            {section.acf.image?.url ? <img className="about__image" src={section.acf.image.url} alt={section.acf.image.alt} /> : null}
            <div>
              <h2 className="about__title">{decodeTitle(section.title.rendered)}</h2>
              {/* description is HTML the content service sanitised on write and on output (DEF-19). */}
              <div className="rich-text about__text" dangerouslySetInnerHTML={{ __html: section.acf.description }} />
            </div>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
