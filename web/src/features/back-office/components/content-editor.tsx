import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  contentViews,
  descriptionField,
  excerptTypes,
  isEditableType,
  useContentPosts,
  useMaintenance,
  useSaveContent,
  type ContentChanges,
  type ContentLanguage,
  type ContentListPost,
  type ContentView,
  type EditableType,
} from '../api/content';
import { BackOfficeTable } from './back-office-table';
import { LoyaltyItems } from './content-loyalty-items';
import { RichTextField } from './rich-text-field';
import { ContentFormFooter } from './content-form-footer';
import { fieldErrorsOf, textOf } from './content-text';
import { TranslationsEditor } from './content-translations';
import './content-editor.css';

function PostEditor({ type, post, onClose }: { type: EditableType; post: ContentListPost; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveContent();
  const [title, setTitle] = useState(() => textOf(post.title.rendered));
  const [content, setContent] = useState(post.content?.rendered ?? '');
  const descriptionKey = descriptionField[type];
  const stored = post.acf?.[descriptionKey];
  const [description, setDescription] = useState(typeof stored === 'string' ? stored : '');
  const hasExcerpt = excerptTypes.includes(type);
  const [excerpt, setExcerpt] = useState(() => (post.excerpt ? textOf(post.excerpt.rendered) : ''));
  const [promotion, setPromotion] = useState(() => promotionFields(post));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: ContentChanges = { title, content, acf: { [descriptionKey]: description } };
    if (hasExcerpt) changes.excerpt = excerpt;
    if (type === 'bonus') {
      changes.acf = {
        ...changes.acf,
        terms_and_conditions: promotion.terms,
        image: { url: promotion.imageUrl, alt: promotion.imageAlt },
        image_right: promotion.imageRight,
        isFeatured: promotion.featured,
        priority: Number(promotion.priority),
      };
    }
    save.mutate({ type, id: post.id, changes });
  };
  return (
    <form className="bo-content-form" onSubmit={submit} data-testid="bo-content-editor" aria-label={t('bo.content.editing', { slug: post.slug })}>
      <h3>{t('bo.content.editing', { slug: post.slug })}</h3>
      <label>
        {t('bo.content.title')}
        <input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={300} required />
      </label>
      <RichTextField label={t('bo.content.description')} value={description} onChange={setDescription} lang={post.lang} testId="bo-content-description" />
      {hasExcerpt ? (
        <label>
          {t('bo.content.excerpt')}
          <textarea value={excerpt} onChange={(event) => setExcerpt(event.target.value)} rows={2} maxLength={1000} />
        </label>
      ) : null}
      {type === 'bonus' ? <PromotionFields post={post} value={promotion} onChange={setPromotion} /> : null}
      <RichTextField label={t('bo.content.body')} value={content} onChange={setContent} lang={post.lang} testId="bo-content-body" />
      <ContentFormFooter save={save} onClose={onClose} />
    </form>
  );
}

interface PromotionValues {
  terms: string;
  imageUrl: string;
  imageAlt: string;
  imageRight: boolean;
  featured: boolean;
  priority: string;
}

function promotionFields(post: ContentListPost): PromotionValues {
  const acf = post.acf ?? {};
  const image = (acf.image ?? {}) as { url?: unknown; alt?: unknown };
  return {
    terms: typeof acf.terms_and_conditions === 'string' ? acf.terms_and_conditions : '',
    imageUrl: typeof image.url === 'string' ? image.url : '',
    imageAlt: typeof image.alt === 'string' ? image.alt : '',
    imageRight: acf.image_right === true,
    featured: acf.isFeatured === true,
    priority: typeof acf.priority === 'number' ? String(acf.priority) : '0',
  };
}

/**
 * A bonus plan's player-facing side (its promotion): terms, picture, featured flag and order. What
 * the plan pays is the bonus engine's and is only named here, so an editor knows which plan the
 * words describe.
 */
function PromotionFields({ post, value, onChange }: { post: ContentListPost; value: PromotionValues; onChange: (next: PromotionValues) => void }) {
  const { t } = useTranslation();
  const planId = typeof post.acf?.bonus_plan_id === 'number' ? post.acf.bonus_plan_id : 0;
  const set = (changes: Partial<PromotionValues>) => onChange({ ...value, ...changes });
  return (
    <>
      <p className="bo-muted" data-testid="bo-plan-link">
        {planId > 0 ? t('bo.content.planLink', { id: planId }) : t('bo.content.noPlan')}
      </p>
      <RichTextField label={t('bo.content.terms')} value={value.terms} onChange={(terms) => set({ terms })} lang={post.lang} testId="bo-content-terms" />
      <div className="bo-content-pair">
        <label>
          {t('bo.content.imageUrl')}
          <input value={value.imageUrl} onChange={(event) => set({ imageUrl: event.target.value })} maxLength={500} />
        </label>
        <label>
          {t('bo.content.imageAlt')}
          <input value={value.imageAlt} onChange={(event) => set({ imageAlt: event.target.value })} maxLength={200} />
        </label>
      </div>
      <div className="bo-content-pair">
        <label className="bo-content-check">
          <input type="checkbox" checked={value.featured} onChange={(event) => set({ featured: event.target.checked })} />
          {t('bo.content.featured')}
        </label>
        <label className="bo-content-check">
          <input type="checkbox" checked={value.imageRight} onChange={(event) => set({ imageRight: event.target.checked })} />
          {t('bo.content.imageRight')}
        </label>
      </div>
      <label>
        {t('bo.content.order')}
        <input type="number" step={1} value={value.priority} onChange={(event) => set({ priority: event.target.value })} />
      </label>
    </>
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
        <input
          type="checkbox"
          checked={post.acf.maintenance}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ type: 'configuration', id: post.id, changes: { acf: { maintenance: event.target.checked } } })}
        />
        {t('bo.content.maintenance')}
      </label>
      <p className="bo-muted">{t('bo.content.maintenanceLead')}</p>
      {save.isError ? <p role="alert">{fieldErrorsOf(save.error).join('; ')}</p> : null}
    </div>
  );
}

/** The posts of one type in one language, with the editor of the one opened. */
function PostList({ type, lang }: { type: EditableType; lang: ContentLanguage }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const posts = useContentPosts(type, lang);
  const open = posts.data?.find((post) => post.id === editing);
  return (
    <>
      {open ? <PostEditor key={open.id} type={type} post={open} onClose={() => setEditing(null)} /> : null}
      {posts.isPending ? (
        <p className="bo-muted">{t('bo.loading')}</p>
      ) : posts.isError ? (
        <p role="alert">{t('bo.failed')}</p>
      ) : posts.data.length === 0 ? (
        <p className="bo-muted">{t('bo.content.empty')}</p>
      ) : (
        <BackOfficeTable
          scroll={false}
          testId="bo-content-list"
          rows={posts.data}
          rowKey={(post) => post.id}
          columns={[
            { header: t('bo.content.title'), cell: (post) => textOf(post.title.rendered) },
            { header: t('bo.content.slug'), cell: (post) => post.slug },
            { header: t('bo.content.language'), cell: (post) => (post.lang === lang ? post.lang : t('bo.content.fallback', { lang: post.lang })) },
            {
              header: null,
              cell: (post) => (
                <button type="button" className="button button--secondary" onClick={() => setEditing(post.id)}>
                  {t('bo.content.edit')}
                </button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

/**
 * Content (issue 15): promotions with their bonus plans' player-facing side, games, pages, the
 * loyalty shop's items and the interface texts in both languages, edited through the content
 * service's WordPress REST; and the maintenance marker.
 */
export function ContentEditor() {
  const { t } = useTranslation();
  const [view, setView] = useState<ContentView>('bonus');
  const [lang, setLang] = useState<ContentLanguage>('en');

  return (
    <div className="bo-content" data-testid="bo-content">
      <div className="bo-content-filters">
        <label>
          {t('bo.content.type')}
          <select value={view} onChange={(event) => setView(event.target.value as ContentView)}>
            {contentViews.map((name) => (
              <option key={name} value={name}>
                {t(`bo.content.types.${name}`)}
              </option>
            ))}
          </select>
        </label>
        {view === 'translations' ? null : (
          <label>
            {t('bo.content.language')}
            <select value={lang} onChange={(event) => setLang(event.target.value as ContentLanguage)}>
              <option value="en">English</option>
              <option value="mk">Македонски</option>
            </select>
          </label>
        )}
      </div>
      {isEditableType(view) ? (
        <PostList key={`${view}:${lang}`} type={view} lang={lang} />
      ) : view === 'loyalty_item' ? (
        <LoyaltyItems key={lang} lang={lang} />
      ) : (
        <TranslationsEditor />
      )}
      <h3>{t('bo.content.configuration')}</h3>
      <MaintenanceMarker />
    </div>
  );
}
