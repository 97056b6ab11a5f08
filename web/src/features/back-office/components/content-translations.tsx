import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveTranslations, useTranslationEntries, type TranslationEntry } from '../api/content';
import { fieldErrorsOf } from './content-text';

const KEY = /^[A-Za-z0-9_.-]{1,200}$/;

type Problem = { kind: 'badKey' | 'duplicate' | 'missing'; key: string };

/** The keys this list cannot save: a text missing in one language, a key twice, or a key that is not one. */
function problemsOf(entries: readonly TranslationEntry[]): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!KEY.test(entry.key)) problems.push({ kind: 'badKey', key: entry.key });
    else if (seen.has(entry.key)) problems.push({ kind: 'duplicate', key: entry.key });
    else if (entry.en.trim() === '' || entry.mk.trim() === '') problems.push({ kind: 'missing', key: entry.key });
    seen.add(entry.key);
  }
  return problems;
}

function TranslationsForm({ initial }: { initial: TranslationEntry[] }) {
  const { t } = useTranslation();
  const save = useSaveTranslations();
  const [entries, setEntries] = useState(initial);
  const [added, setAdded] = useState<TranslationEntry>({ key: '', en: '', mk: '' });
  const [shown, setShown] = useState<string[]>([]);
  const change = (at: number, changes: Partial<TranslationEntry>) =>
    setEntries((current) => current.map((entry, index) => (index === at ? { ...entry, ...changes } : entry)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = problemsOf(entries).map((problem) => t(`bo.content.translations.${problem.kind}`, { key: problem.key }));
    setShown(problems);
    // The server refuses these too (naming the entry); saying so here keeps the editor's typing.
    if (problems.length === 0) save.mutate(entries, { onSuccess: (answer) => setEntries(answer.entries) });
  };
  const add = () => {
    setEntries((current) => [...current, { key: added.key.trim(), en: added.en, mk: added.mk }]);
    setAdded({ key: '', en: '', mk: '' });
  };
  const errors = [...shown, ...(save.isError ? fieldErrorsOf(save.error) : [])];
  return (
    <form className="bo-content-form bo-translations" onSubmit={submit} data-testid="bo-translations">
      <p className="bo-muted">{t('bo.content.translations.lead')}</p>
      <div className="bo-translations-row bo-translations-head" aria-hidden="true">
        <span>{t('bo.content.translations.key')}</span>
        <span lang="en">English</span>
        <span lang="mk">Македонски</span>
        <span />
      </div>
      {entries.map((entry, at) => (
        <div className="bo-translations-row" key={`${entry.key}:${at}`} data-testid="bo-translation" data-key={entry.key}>
          <code>{entry.key}</code>
          <textarea
            lang="en"
            aria-label={t('bo.content.translations.en', { key: entry.key })}
            value={entry.en}
            rows={2}
            maxLength={2000}
            onChange={(event) => change(at, { en: event.target.value })}
          />
          <textarea
            lang="mk"
            aria-label={t('bo.content.translations.mk', { key: entry.key })}
            value={entry.mk}
            rows={2}
            maxLength={2000}
            onChange={(event) => change(at, { mk: event.target.value })}
          />
          <button type="button" className="button button--ghost" onClick={() => setEntries((current) => current.filter((_, index) => index !== at))}>
            {t('bo.content.translations.remove', { key: entry.key })}
          </button>
        </div>
      ))}
      <div className="bo-translations-row bo-translations-new">
        <input
          aria-label={t('bo.content.translations.newKey')}
          placeholder={t('bo.content.translations.newKey')}
          value={added.key}
          maxLength={200}
          onChange={(event) => setAdded({ ...added, key: event.target.value })}
        />
        <textarea
          lang="en"
          aria-label={t('bo.content.translations.newEn')}
          value={added.en}
          rows={2}
          maxLength={2000}
          onChange={(event) => setAdded({ ...added, en: event.target.value })}
        />
        <textarea
          lang="mk"
          aria-label={t('bo.content.translations.newMk')}
          value={added.mk}
          rows={2}
          maxLength={2000}
          onChange={(event) => setAdded({ ...added, mk: event.target.value })}
        />
        <button type="button" className="button button--secondary" disabled={added.key.trim() === ''} onClick={add}>
          {t('bo.content.translations.add')}
        </button>
      </div>
      <p className="bo-muted">{t('bo.content.sanitised')}</p>
      {errors.length > 0 ? (
        <ul role="alert">
          {errors.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {save.isSuccess && shown.length === 0 ? <p role="status">{t('bo.content.saved')}</p> : null}
      <div className="bo-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t('bo.content.translations.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * The portal's interface texts the content service overrides (issue 15 Content, I18N-01), English
 * and Macedonian side by side: a key is added, changed or removed in both languages in one save.
 */
export function TranslationsEditor() {
  const { t } = useTranslation();
  const entries = useTranslationEntries();
  if (entries.isPending) return <p className="bo-muted">{t('bo.loading')}</p>;
  if (entries.isError) return <p role="alert">{t('bo.failed')}</p>;
  return <TranslationsForm initial={entries.data} />;
}
