import { useId, type FormEvent, type ReactNode } from 'react';
import { useRgTranslation } from '../i18n';

interface LimitSectionProps {
  /** Names the section in test ids: rg-section-{name}, rg-{name}-edit, rg-{name}-save. */
  name: string;
  title: string;
  /** The content service's info text or the section's lead. */
  info?: ReactNode;
  editing: boolean;
  onEdit(): void;
  onCancel(): void;
  /** RG-11: false while nothing (valid) is entered. */
  canSave: boolean;
  saving: boolean;
  onSave(): void;
  /** The Save button's words, when they are not 'Save'. */
  saveLabel?: string;
  children: ReactNode;
}

/**
 * One section of the limits page (RG-04, RG-05): read-only in view mode; Edit turns it into a
 * form whose Save exists only in edit mode, and Cancel leaves edit mode, dropping what was typed.
 */
export function LimitSection({ name, title, info, editing, onEdit, onCancel, canSave, saving, onSave, saveLabel, children }: LimitSectionProps) {
  const { t } = useRgTranslation();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !saving) onSave();
  };
  return (
    <section className="rg-section" aria-labelledby={titleId} data-testid={`rg-section-${name}`} data-editing={editing}>
      <header className="rg-section__header">
        <h3 id={titleId} className="rg-section__title">
          {title}
        </h3>
        <button
          type="button"
          className="button button--ghost rg-section__toggle"
          onClick={editing ? onCancel : onEdit}
          aria-pressed={editing}
          data-testid={`rg-${name}-${editing ? 'cancel' : 'edit'}`}
        >
          {t(editing ? 'rg.cancel' : 'rg.edit')}
        </button>
      </header>
      {info ? <div className="rg-section__info">{info}</div> : null}
      <form className="rg-section__body" onSubmit={submit} noValidate aria-label={title}>
        {children}
        {editing ? (
          <div className="rg-section__actions">
            <button type="submit" className="button button--primary" disabled={!canSave || saving} aria-busy={saving} data-testid={`rg-${name}-save`}>
              {saving ? t('rg.saving') : (saveLabel ?? t('rg.save'))}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

/** A section that could not load, with a retry. */
export function SectionState({ state, onRetry }: { state: 'loading' | 'failed'; onRetry?: () => void }) {
  const { t } = useRgTranslation();
  if (state === 'loading') {
    return (
      <p className="rg-muted" role="status">
        {t('rg.loading')}
      </p>
    );
  }
  return (
    <div className="rg-failed" role="alert">
      <span>{t('rg.loadFailed')}</span>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('rg.retry')}
        </button>
      ) : null}
    </div>
  );
}
