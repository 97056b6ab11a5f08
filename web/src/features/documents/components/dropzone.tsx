import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT } from '../../../../../contracts/platform/documents/file-rules';
import { prepareDocumentFile } from '../prepare-file';

export interface ChosenFile {
  file: File;
  note: 'converted' | 'scaled' | null;
}

interface DropzoneProps {
  label: string;
  value: ChosenFile | null;
  onChange(value: ChosenFile | null): void;
  required?: boolean;
  /** A server error about this file (DOC-16). */
  error?: string | undefined;
  testId: string;
}

/**
 * A file field that takes a dropped or chosen file (DOC-08 hint), checks and prepares it in the
 * browser (type by content, HEIC converted, large photos scaled), and shows what will be sent.
 */
export function Dropzone({ label, value, onChange, required = false, error, testId }: DropzoneProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setPreparing(true);
    const prepared = await prepareDocumentFile(file);
    setPreparing(false);
    if (!prepared.ok) {
      setProblem(t(`documents.file.${prepared.reason}`));
      onChange(null);
      return;
    }
    onChange({ file: prepared.file, note: prepared.converted ? 'converted' : prepared.scaled ? 'scaled' : null });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  const shownError = problem ?? error;
  return (
    <div className={['dropzone', over ? 'dropzone--over' : null, shownError ? 'dropzone--invalid' : null].filter(Boolean).join(' ')} data-testid={testId}>
      <span className="field__label" id={`${id}-label`}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      {value ? (
        <div className="dropzone__chosen">
          <span className="dropzone__name" data-testid={`${testId}-name`}>
            {value.file.name}
          </span>
          {value.note ? <span className="dropzone__note">{t(`documents.dropzone.${value.note}`)}</span> : null}
          <button
            type="button"
            className="button button--ghost dropzone__remove"
            aria-label={t('documents.dropzone.remove', { name: value.file.name })}
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            ×
          </button>
        </div>
      ) : (
        <div
          className="dropzone__area"
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
        >
          <label htmlFor={id} className="dropzone__choose">
            {preparing ? t('documents.dropzone.preparing') : t('documents.dropzone.choose')}
          </label>
          <input
            ref={input}
            id={id}
            type="file"
            className="dropzone__input"
            accept={`${DOCUMENT_ACCEPT},.heic,.heif,image/heic,image/heif`}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
            aria-required={required}
            disabled={preparing}
            onChange={(event) => void take(event.target.files?.[0])}
            data-testid={`${testId}-input`}
          />
          <p id={`${id}-hint`} className="dropzone__hint">
            {t('documents.dropzone.hint')}
          </p>
        </div>
      )}
      {shownError ? (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid={`${testId}-error`}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
