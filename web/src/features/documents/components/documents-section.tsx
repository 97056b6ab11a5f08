import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDocument } from '../../../../../contracts/platform/documents/user-documents';
import { registerDocumentsStrings } from '../../../shared/i18n/documents/register';
import { serviceUrl } from '../../../shared/api/service-addresses';
import { useDocumentUploadRequests, useUserDocuments } from '../api/documents';
import { formatDay } from '../format-date';
import { DocumentForm } from './document-form';
import './documents.css';

registerDocumentsStrings();

/** DOC-02…04: a tick for APPROVED, grey for NOT_REVIEWED, a red cross for anything else. */
function StatusIcon({ status }: { status: string }) {
  const { t } = useTranslation();
  const kind = status === 'APPROVED' ? 'approved' : status === 'NOT_REVIEWED' ? 'waiting' : 'rejected';
  const label = t(kind === 'approved' ? 'documents.status.APPROVED' : kind === 'waiting' ? 'documents.status.NOT_REVIEWED' : 'documents.status.REJECTED');
  return (
    <span className={`document-status document-status--${kind}`} data-testid={`document-status-${kind}`}>
      <span className="document-status__icon" aria-hidden="true">
        {kind === 'approved' ? '✓' : kind === 'waiting' ? '•' : '✕'}
      </span>
      <span className="document-status__label">{label}</span>
    </span>
  );
}

function DocumentRow({ document }: { document: UserDocument }) {
  const { t } = useTranslation();
  return (
    <tr data-testid="document-row">
      <td data-label={t('documents.table.type')}>
        {t(`documents.type.${document.documentType}` as 'documents.type.OTHER', { defaultValue: document.documentType })}
      </td>
      <td data-label={t('documents.table.uploaded')}>{formatDay(document.uploadDate)}</td>
      <td data-label={t('documents.table.status')}>
        <StatusIcon status={document.status} />
        {document.status === 'REJECTED' && document.reviewReason ? (
          <p className="document-row__reason">{t('documents.reviewReason', { reason: document.reviewReason })}</p>
        ) : null}
      </td>
      <td data-label={t('documents.table.reviewed')}>{formatDay(document.reviewDate)}</td>
      <td data-label={t('documents.table.files')}>
        <ul className="document-row__files">
          {document.userDocumentFiles.map((file) => (
            <li key={file.id}>
              {/* The file comes back as an attachment, only to its owner. */}
              <a href={`${serviceUrl('ps', '/getUserDocumentFile')}?fileId=${encodeURIComponent(file.id)}`} download={file.fileName}>
                {file.fileName}
              </a>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/**
 * The player's documents (spec 001 §2 Documents page, DOC-01…22): the table in list mode, and the
 * Add New form; a successful save closes the form and reloads the list (DOC-21).
 */
export function DocumentsSection() {
  const { t } = useTranslation();
  const documents = useUserDocuments();
  const uploadRequests = useDocumentUploadRequests();
  // false: the list; true: a new upload; a type: the upload staff asked for, that type chosen.
  const [adding, setAdding] = useState<boolean | string>(false);

  if (adding !== false)
    return <DocumentForm documentType={typeof adding === 'string' ? adding : undefined} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />;
  return (
    <div className="documents" data-testid="documents-section">
      {uploadRequests.data && uploadRequests.data.length > 0 ? (
        <ul className="documents__requests" data-testid="document-upload-requests">
          {uploadRequests.data.map((request) => (
            <li key={request.id} className="documents__request" data-testid="document-upload-request">
              <p className="documents__request-title">
                {t('documents.uploadRequest.title', {
                  document: t(`documents.type.${request.documentType}` as 'documents.type.OTHER', { defaultValue: request.documentType }),
                })}
              </p>
              <p className="documents__request-reason">{t('documents.uploadRequest.reason', { reason: request.reason })}</p>
              <p className="documents__request-date">{formatDay(request.requestedAt)}</p>
              <button type="button" className="button button--secondary documents__request-action" onClick={() => setAdding(request.documentType)}>
                {t('documents.uploadRequest.action')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {documents.isPending ? <p className="documents__state">{t('documents.loading')}</p> : null}
      {documents.isError ? (
        <p className="documents__state">
          {t('documents.loadFailed')}{' '}
          <button type="button" className="button button--ghost" onClick={() => void documents.refetch()}>
            {t('documents.retry')}
          </button>
        </p>
      ) : null}
      {documents.data && documents.data.length === 0 ? <p className="documents__state">{t('documents.empty')}</p> : null}
      {documents.data && documents.data.length > 0 ? (
        <table className="documents__table" data-testid="documents-table">
          <caption className="visually-hidden">{t('documents.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('documents.table.type')}</th>
              <th scope="col">{t('documents.table.uploaded')}</th>
              <th scope="col">{t('documents.table.status')}</th>
              <th scope="col">{t('documents.table.reviewed')}</th>
              <th scope="col">{t('documents.table.files')}</th>
            </tr>
          </thead>
          <tbody>
            {documents.data.map((document) => (
              <DocumentRow key={document.id} document={document} />
            ))}
          </tbody>
        </table>
      ) : null}
      <button type="button" className="button button--primary documents__add" onClick={() => setAdding(true)} data-testid="documents-add">
        {t('documents.addNew')}
      </button>
    </div>
  );
}
