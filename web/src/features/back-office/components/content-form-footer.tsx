import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from './content-text';

/**
 * The end of every content editor's form: the sanitising notice, the refusal's field errors, the
 * saved notice, Save and Close. `save` is the form's mutation state.
 */
export function ContentFormFooter({ save, onClose }: { save: { isError: boolean; isSuccess: boolean; isPending: boolean; error: unknown }; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="bo-muted">{t('bo.content.sanitised')}</p>
      {save.isError ? (
        <ul role="alert">
          {fieldErrorsOf(save.error).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {save.isSuccess ? <p role="status">{t('bo.content.saved')}</p> : null}
      <div className="bo-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t('bo.content.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('bo.content.close')}
        </button>
      </div>
    </>
  );
}
