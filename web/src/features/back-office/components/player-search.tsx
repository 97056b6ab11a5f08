import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/components/form-fields';
import { usePlayerSearch } from '../api/players';

export function PlayerSearch({ onOpen }: { onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const found = usePlayerSearch(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  return (
    <div className="bo-stack">
      <form className="bo-inline-form" onSubmit={submit} data-testid="bo-player-search">
        <Field label={t('bo.search.label')}>
          {(control) => <input {...control} className="input" name="q" value={text} onChange={(event) => setText(event.target.value)} />}
        </Field>
        <button type="submit" className="button button--primary" disabled={!text.trim()}>
          {t('bo.search.submit')}
        </button>
      </form>
      {query && found.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {found.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {found.data && found.data.players.length === 0 ? <p className="bo-muted">{t('bo.search.none')}</p> : null}
      {found.data && found.data.players.length > 0 ? (
        <ul className="bo-list">
          {found.data.players.map((player) => (
            <li key={player.playerId}>
              <button type="button" className="button button--ghost" onClick={() => onOpen(player.playerId)}>
                {player.username} · {player.email}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
