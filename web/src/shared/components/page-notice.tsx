import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../hooks/use-document-title';
import './page-notice.css';

/** Stands in for a page whose content arrives in a later release, under that page's own title. */
export function PageNotice({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <section className="page-notice" data-testid="page-notice" aria-labelledby="page-notice-title">
      <div className="page-notice__card">
        <p className="page-notice__eyebrow">{t('notice.building')}</p>
        <h1 id="page-notice-title" className="page-notice__title">
          {title}
        </h1>
        <p className="page-notice__body">{t('notice.body', { title })}</p>
        <div className="page-notice__progress" aria-hidden="true">
          <span />
        </div>
        <Link className="button button--secondary" to={paths.home.getHref()}>
          {t('notice.backHome')}
        </Link>
      </div>
    </section>
  );
}
