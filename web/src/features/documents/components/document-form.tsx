import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../../../../contracts/platform/documents/document-types';
import { describeApiFailure } from '../../../shared/api/api-failure';
import { Field } from '../../../shared/components/form-fields';
import { useDocumentTypes, useSaveDocument } from '../api/documents';
import { isoDayYearsFromNow } from '../format-date';
import { ChoiceSelect } from '../../../shared/components/choice-select';
import { Dropzone, type ChosenFile } from './dropzone';
import { ResultDialog } from './result-dialog';

type FieldName = 'documentType' | 'issueDate' | 'expiryDate' | 'documentNumber' | 'file' | 'files';

/**
 * The Add New form (DOC-06…16): the type decides which fields show (DOC-09); Save waits for the
 * type, every field its flags require and a front file (DOC-10). Dates default to a year ago and a
 * year ahead (DOC-13, DOC-14) and are sent as YYYY-MM-DD (DOC-15). A server field error shows at
 * its field, matched without letter case (DOC-16); any other failure opens the dialog (DOC-22).
 */
/** `documentType`: the type to start with (an upload staff asked for), which the player can still change. */
export function DocumentForm({ onDone, onCancel, documentType: requestedType = '' }: { onDone(): void; onCancel(): void; documentType?: string }) {
  const { t } = useTranslation();
  const types = useDocumentTypes();
  const save = useSaveDocument();
  const [documentType, setDocumentType] = useState(requestedType);
  const [issueDate, setIssueDate] = useState(() => isoDayYearsFromNow(-1));
  const [expiryDate, setExpiryDate] = useState(() => isoDayYearsFromNow(1));
  const [documentNumber, setDocumentNumber] = useState('');
  const [front, setFront] = useState<ChosenFile | null>(null);
  const [back, setBack] = useState<ChosenFile | null>(null);
  const [failed, setFailed] = useState(false);

  const flags: DocumentType | undefined = types.data?.find((type) => type.documentType === documentType);
  const failure = save.error ? describeApiFailure(save.error) : null;
  const errorAt = (...names: FieldName[]) => failure?.errors.find((error) => names.some((name) => name.toLowerCase() === error.field.toLowerCase()))?.error;

  const ready =
    flags !== undefined &&
    (!flags.issueDateRequired || issueDate !== '') &&
    (!flags.expiryDateRequired || expiryDate !== '') &&
    (!flags.documentNumberRequired || documentNumber.trim() !== '') &&
    (!flags.multipleFileRequired || back !== null) &&
    front !== null &&
    !save.isPending;

  const submit = () => {
    if (!ready || !front) return;
    save.mutate(
      {
        documentType,
        issueDate: flags.issueDateRequired ? issueDate : undefined,
        expiryDate: flags.expiryDateRequired ? expiryDate : undefined,
        documentNumber: flags.documentNumberRequired ? documentNumber : undefined,
        files: [{ file: front.file, side: 'FRONT' as const }, ...(back ? [{ file: back.file, side: 'BACK' as const }] : [])],
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          const { errors } = describeApiFailure(error);
          const known = ['documenttype', 'issuedate', 'expirydate', 'documentnumber'];
          if (!errors.some((entry) => known.includes(entry.field.toLowerCase()))) setFailed(true);
        },
      },
    );
  };

  return (
    <form
      className="document-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="document-form"
    >
      <ChoiceSelect
        layout="field"
        label={t('documents.type.label')}
        placeholder={t('documents.type.placeholder')}
        value={documentType}
        onValueChange={(value) => setDocumentType(value)}
        options={(types.data ?? []).map((type) => ({
          value: type.documentType,
          label: t(`documents.type.${type.documentType}` as 'documents.type.OTHER', { defaultValue: type.documentType }),
        }))}
        required
        error={errorAt('documentType')}
        testId="document-type"
      />
      {flags?.issueDateRequired || flags?.expiryDateRequired ? (
        <div className="document-form__row">
          {flags.issueDateRequired ? (
            <Field label={t('documents.issueDate')} required error={errorAt('issueDate')}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="date"
                  value={issueDate}
                  max={isoDayYearsFromNow(0)}
                  onChange={(event) => setIssueDate(event.target.value)}
                  data-testid="document-issue-date"
                />
              )}
            </Field>
          ) : null}
          {flags.expiryDateRequired ? (
            <Field label={t('documents.expiryDate')} required error={errorAt('expiryDate')}>
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="date"
                  value={expiryDate}
                  min={isoDayYearsFromNow(0)}
                  onChange={(event) => setExpiryDate(event.target.value)}
                  data-testid="document-expiry-date"
                />
              )}
            </Field>
          ) : null}
        </div>
      ) : null}
      {flags?.documentNumberRequired ? (
        <Field label={t('documents.documentNumber')} required error={errorAt('documentNumber')}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={documentNumber}
              maxLength={40}
              autoComplete="off"
              onChange={(event) => setDocumentNumber(event.target.value)}
              data-testid="document-number"
            />
          )}
        </Field>
      ) : null}
      <div className="document-form__files">
        <Dropzone
          label={t('documents.front')}
          value={front}
          onChange={setFront}
          required
          error={back ? undefined : errorAt('file', 'files')}
          testId="document-front"
        />
        {flags?.multipleFileRequired ? <Dropzone label={t('documents.back')} value={back} onChange={setBack} required testId="document-back" /> : null}
      </div>
      <div className="document-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('documents.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={!ready} data-testid="document-save">
          {save.isPending ? t('documents.saving') : t('documents.save')}
        </button>
      </div>
      {failed ? (
        <ResultDialog
          tone="failure"
          title={t('documents.uploadFailed.title')}
          message={t('documents.uploadFailed.text')}
          actionLabel={t('documents.close')}
          onAction={() => setFailed(false)}
          testId="upload-failed-dialog"
        />
      ) : null}
    </form>
  );
}
