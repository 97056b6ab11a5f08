import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_PUBLIC_NAME_MAX } from '../../../../../contracts/back-office/staff-session';
import { BackOfficeError } from '../api/back-office-request';
import { useSetPublicName } from '../api/staff-session';

/**
 * The member's own public name (issue 25): what players see on their channel posts and support
 * answers instead of the sign-in name; empty means "Emerald team". Shown where staff write to players.
 */
export function PublicNameForm({ publicName }: { publicName: string | null }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(publicName ?? '');
  const save = useSetPublicName();
  const failure = save.error instanceof BackOfficeError ? (save.error.fieldErrors[0]?.error ?? save.error.message) : save.error ? save.error.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An empty field is the team's label, not a name of no letters.
    save.mutate(draft.trim() === '' ? null : draft.trim());
  };
  return (
    <form className="bo-card bo-stack" onSubmit={submit} data-testid="bo-public-name">
      <h2 className="bo-card__title">{t('bo.publicName.title')}</h2>
      <p className="bo-muted">{t('bo.publicName.lead')}</p>
      <label className="bo-stack">
        <span>{t('bo.publicName.label')}</span>
        <input
          className="input"
          value={draft}
          maxLength={STAFF_PUBLIC_NAME_MAX}
          placeholder={t('bo.publicName.team')}
          onChange={(event) => setDraft(event.target.value)}
          data-testid="bo-public-name-input"
        />
      </label>
      <button type="submit" className="button button--secondary" disabled={save.isPending}>
        {t('bo.publicName.save')}
      </button>
      {save.isSuccess ? (
        <p role="status" className="bo-ok">
          {t('bo.publicName.saved', { name: save.data.publicName ?? t('bo.publicName.team') })}
        </p>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
    </form>
  );
}
