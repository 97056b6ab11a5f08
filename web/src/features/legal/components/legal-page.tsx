import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../../shared/content/content-page';
import { useViewport } from '../../../shared/hooks/use-viewport';
import type { TranslationKey } from '../../../shared/i18n/en';
import { decodeTitle } from '../../games/game-catalogue';
import { useLegalPosts, type LegalType } from '../api/legal-posts';
import './legal-page.css';

/**
 * NAV-16, NAV-17, NAV-19, NAV-20, CONTENT-12…16: the posts of a legal or information page, in as many
 * desktop columns as the highest `column` among them (1–3), each post in its own column; one column on a phone.
 */
export function LegalPage({ type, titleKey }: { type: LegalType; titleKey: TranslationKey }) {
  const { t } = useTranslation();
  const viewport = useViewport();
  const posts = useLegalPosts(type);
  const list = posts.data ?? [];
  const columns = viewport === 'mobile' ? 1 : Math.min(3, Math.max(1, ...list.map((post) => post.acf.column)));
  const byColumn = Array.from({ length: columns }, (_, index) => list.filter((post) => Math.min(post.acf.column, columns) === index + 1));
  return (
    <ContentPage title={t(titleKey)} testId="legal-page" state={{ isPending: posts.isPending, isError: posts.isError, empty: list.length === 0 }}>
      <div className="legal-columns" data-testid="legal-columns" data-columns={columns} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {byColumn.map((column, index) => (
          <div key={index} className="legal-column" data-testid="legal-column">
            {column.map((post) => (
              <section key={post.id} className="legal-post" data-testid="legal-post">
                <h2 className="legal-post__title">{decodeTitle(post.title.rendered)}</h2>
                {/* description is HTML the content service sanitised on write and on output (DEF-19). */}
                <div className="rich-text" dangerouslySetInnerHTML={{ __html: post.acf.description }} />
              </section>
            ))}
          </div>
        ))}
      </div>
    </ContentPage>
  );
}
