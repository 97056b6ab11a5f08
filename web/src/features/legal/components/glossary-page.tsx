import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../../shared/content/content-page';
import { decodeTitle } from '../../games/game-catalogue';
import { useGlossary } from '../api/glossary';
import './legal-page.css';

/** NAV-18, CONTENT-17: the casino glossary, term by term. */
export function GlossaryPage() {
  const { t } = useTranslation();
  const terms = useGlossary();
  const list = terms.data ?? [];
  return (
    <ContentPage
      title={t('pages.casinoGlossary')}
      intro={t('glossary.intro')}
      testId="glossary-page"
      state={{ isPending: terms.isPending, isError: terms.isError, empty: list.length === 0 }}
    >
      <dl className="glossary">
        {list.map((term) => (
          <div key={term.id} className="glossary__entry" data-testid="glossary-entry">
            <dt className="glossary__term">{decodeTitle(term.title.rendered)}</dt>
            {/* glossary is HTML the content service sanitised on write and on output (DEF-19). */}
            <dd className="glossary__text rich-text" dangerouslySetInnerHTML={{ __html: term.acf.glossary }} />
          </div>
        ))}
      </dl>
    </ContentPage>
  );
}
