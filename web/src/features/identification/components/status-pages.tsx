import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { registerDocumentsStrings } from '../../../shared/i18n/documents/register';
import { useSession } from '../../../shared/session/use-session';
import { DocumentsSection } from '../../documents';
import { useIdentificationStatus } from '../api/identification';
import './identification.css';

registerDocumentsStrings();

/** /doc-confirmation (DOC-23): the documents arrived and wait for review; the player's list below. */
export function DocConfirmationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('docConfirmation.title'));
  const { authenticated } = useSession();
  return (
    <section className="identification" data-testid="doc-confirmation">
      <h1 className="identification__title">{t('docConfirmation.title')}</h1>
      <div className="identification__notice">
        <p>{t('docConfirmation.text')}</p>
        {authenticated ? <DocumentsSection /> : null}
        <Link className="button button--secondary" to={paths.home.getHref()}>
          {t('docConfirmation.home')}
        </Link>
      </div>
    </section>
  );
}

/** /verify: where the player's verification stands, and the way to finish it. */
export function VerifyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('verify.title'));
  const { authenticated } = useSession();
  const status = useIdentificationStatus(authenticated);
  let text: string = t('verify.pending');
  if (status.data?.mayPlayForReal) text = t('identification.verified.text');
  else if (status.data?.documentsAwaitingReview) text = t('identification.review.text');
  return (
    <section className="identification" data-testid="verify-page">
      <h1 className="identification__title">{t('verify.title')}</h1>
      <div className="identification__notice">
        <p data-testid="verify-status">{status.isPending && authenticated ? t('identification.loading') : text}</p>
        {status.data?.mayPlayForReal ? (
          <Link className="button button--primary" to={paths.home.getHref()}>
            {t('identification.verified.action')}
          </Link>
        ) : (
          <Link className="button button--primary" to={paths.identification.getHref()}>
            {t('verify.action')}
          </Link>
        )}
      </div>
    </section>
  );
}
