import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BackOfficeError } from '../api/back-office-request';
import { descriptionField, editableTypes, useContentPosts, useMaintenance, useSaveContent, type ContentLanguage, type ContentListPost, type EditableType } from '../api/content';
import './content-editor.css';

/** Titles are answered as WordPress renders them (entities escaped); the editor shows the text. */
function textOf(rendered: string): string {
  return new DOMParser().parseFromString(rendered, 'text/html').documentElement.textContent;
}

function fieldErrorsOf(error: unknown): string[] {
  if (!(error instanceof BackOfficeError)) return [];
  return error.fieldErrors.length > 0 ? error.fieldErrors.map((field) => `${field.field}: ${field.error}`) : [error.message];
}

function PostEditor({ type, post, onClose }: { type: EditableType; post: ContentListPost; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveContent();
  const [title, setTitle] = useState(() => textOf(post.title.rendered));
  const [content, setContent] = useState(post.content?.rendered ?? '');
  const descriptionKey = descriptionField[type];
  const stored = post.acf?.[descriptionKey];
  const [description, setDescription] = useState(typeof stored === 'string' ? stored : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ type, id: post.id, changes: { title, content, acf: { [descriptionKey]: description } } });
  };
  return (
    <form className="bo-content-form" onSubmit={submit} data-testid="bo-content-editor" aria-label={t('bo.content.editing', { slug: post.slug })}>
      <h3>{t('bo.content.editing', { slug: post.slug })}</h3>
      <label>
        {t('bo.content.title')}
        <input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={300} required />
      </label>
      <label>
        {t('bo.content.description')}
        <textarea value={description} onChange={(event) => setDescription(event.target.value)} rows={6} />
      </label>
      <label>
        {t('bo.content.body')}
        <textarea value={content} onChange={(event) => setContent(event.target.value)} rows={4} />
      </label>
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
    </form>
  );
}

function MaintenanceMarker() {
  const { t } = useTranslation();
  const configuration = useMaintenance();
  const save = useSaveContent();
  const post = configuration.data?.[0];
  if (configuration.isPending) return <p className="bo-muted">{t('bo.loading')}</p>;
  if (!post || post.id === 0) return <p className="bo-muted">{t('bo.content.noConfiguration')}</p>;
  return (
    <div className="bo-content-form" data-testid="bo-maintenance">
      <label className="bo-content-check">
        <input type="checkbox" checked={post.acf.maintenance} disabled={save.isPending} onChange={(event) => save.mutate({ type: 'configuration', id: post.id, changes: { acf: { maintenance: event.target.checked } } })} />
        {t('bo.content.maintenance')}
      </label>
      <p className="bo-muted">{t('bo.content.maintenanceLead')}</p>
      {save.isError ? <p role="alert">{fieldErrorsOf(save.error).join('; ')}</p> : null}
    </div>
  );
}

/** Content (issue 15): promotions, games and pages by type and language, edited through the content service's WordPress REST. */
export function ContentEditor() {
  const { t } = useTranslation();
  const [type, setType] = useState<EditableType>('bonus');
  const [lang, setLang] = useState<ContentLanguage>('en');
  const [editing, setEditing] = useState<number | null>(null);
  const posts = useContentPosts(type, lang);
  const open = posts.data?.find((post) => post.id === editing);

  return (
    <div className="bo-content" data-testid="bo-content">
      <div className="bo-content-filters">
        <label>
          {t('bo.content.type')}
          <select
            value={type}
            onChange={(event) => {
              setType(event.target.value as EditableType);
              setEditing(null);
            }}
          >
            {editableTypes.map((name) => (
              <option key={name} value={name}>
                {t(`bo.content.types.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('bo.content.language')}
          <select
            value={lang}
            onChange={(event) => {
              setLang(event.target.value as ContentLanguage);
              setEditing(null);
            }}
          >
            <option value="en">English</option>
            <option value="mk">Македонски</option>
          </select>
        </label>
      </div>
      {open ? <PostEditor key={open.id} type={type} post={open} onClose={() => setEditing(null)} /> : null}
      {posts.isPending ? (
        <p className="bo-muted">{t('bo.loading')}</p>
      ) : posts.isError ? (
        <p role="alert">{t('bo.failed')}</p>
      ) : posts.data.length === 0 ? (
        <p className="bo-muted">{t('bo.content.empty')}</p>
      ) : (
        <table className="bo-table" data-testid="bo-content-list">
          <thead>
            <tr>
              <th scope="col">{t('bo.content.title')}</th>
              <th scope="col">{t('bo.content.slug')}</th>
              <th scope="col">{t('bo.content.language')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {posts.data.map((post) => (
              <tr key={post.id}>
                <td>{textOf(post.title.rendered)}</td>
                <td>{post.slug}</td>
                <td>{post.lang === lang ? post.lang : t('bo.content.fallback', { lang: post.lang })}</td>
                <td>
                  <button type="button" className="button button--secondary" onClick={() => setEditing(post.id)}>
                    {t('bo.content.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('bo.content.configuration')}</h3>
      <MaintenanceMarker />
    </div>
  );
}
