import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { blogListSchema } from '../../../../../contracts/content/pages';
import { ContentModal } from '../../../shared/content/content-modal';
import { ContentPage } from '../../../shared/content/content-page';
import { decodeTitle } from '../../games/game-catalogue';
import { useBlogCategories } from '../api/blog-categories';
import { useBlogPosts } from '../api/blog-posts';
import './blog-page.css';

type BlogPost = z.infer<typeof blogListSchema>[number];

/** NAV-31, CONTENT-07…11: 'Latest News', category filter buttons, a 1/2/3-column grid and the blog modal. */
export function BlogPage() {
  const { t } = useTranslation();
  const posts = useBlogPosts();
  const categories = useBlogCategories();
  const [category, setCategory] = useState<string | null>(null);
  const [open, setOpen] = useState<BlogPost | null>(null);
  const all = posts.data ?? [];
  // CONTENT-08: a button filters by the category's name among the post's blog_category list.
  const shown = category ? all.filter((post) => post.acf.blog_category.some((entry) => entry.name === category)) : all;
  const used = (categories.data ?? []).filter((entry) => all.some((post) => post.acf.blog_category.some((own) => own.name === entry.name)));
  return (
    <ContentPage title={t('blog.title')} testId="blog-page" state={{ isPending: posts.isPending, isError: posts.isError, empty: all.length === 0 }}>
      {used.length > 0 ? (
        <div className="blog-filter" role="group" aria-label={t('blog.filterLabel')} data-testid="blog-filter">
          {[{ id: 0, name: t('blog.all'), value: null }, ...used.map((entry) => ({ id: entry.id, name: decodeTitle(entry.name), value: entry.name }))].map(
            (entry) => (
              <button
                key={entry.id}
                type="button"
                className="blog-filter__button"
                aria-pressed={category === entry.value}
                onClick={() => setCategory(entry.value)}
              >
                {entry.name}
              </button>
            ),
          )}
        </div>
      ) : null}
      <ul className="blog-grid" data-testid="blog-grid">
        {shown.map((post) => (
          <li key={post.id} className="blog-card" data-testid="blog-card">
            <img className="blog-card__image" src={post.acf.image.url} alt={post.acf.image.alt} loading="lazy" />
            <div className="blog-card__body">
              <ul className="blog-card__tags">
                {post.acf.blog_category.map((entry) => (
                  <li key={entry.slug}>{decodeTitle(entry.name)}</li>
                ))}
              </ul>
              <h2 className="blog-card__title">{decodeTitle(post.title.rendered)}</h2>
              <p className="blog-card__summary">{post.acf.short_description}</p>
              <button type="button" className="blog-card__more" onClick={() => setOpen(post)}>
                {t('blog.readMore')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {open ? (
        <ContentModal title={decodeTitle(open.title.rendered)} image={open.acf.image} onClose={() => setOpen(null)} testId="blog-modal">
          {/* description is HTML the content service sanitised on write and on output (DEF-19). */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: open.acf.description }} />
        </ContentModal>
      ) : null}
    </ContentPage>
  );
}
