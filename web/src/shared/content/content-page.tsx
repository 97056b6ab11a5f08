import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';
import './content-page.css';
import './rich-text.css';

interface ContentPageProps {
  title: string;
  intro?: string;
  testId: string;
  /** The content list's state: a spinner, a failure or nothing published are told here. */
  state: { isPending: boolean; isError: boolean; empty: boolean };
  emptyText?: string;
  children: ReactNode;
}

/** The heading, loading, failure and empty states every content page shares. */
export function ContentPage({ title, intro, testId, state, emptyText, children }: ContentPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <article className="content-page" data-testid={testId}>
      <header className="content-page__header">
        <p className="content-page__eyebrow">{t('app.name')}</p>
        <h1 className="content-page__title">{title}</h1>
        {intro ? <p className="content-page__intro">{intro}</p> : null}
      </header>
      {state.isPending ? (
        <div className="content-page__loading" aria-busy="true" />
      ) : state.isError ? (
        <p className="content-page__state" role="alert">
          {t('content.loadFailed')}
        </p>
      ) : state.empty ? (
        <p className="content-page__state" data-testid="content-empty">
          {emptyText ?? t('content.empty')}
        </p>
      ) : (
        children
      )}
    </article>
  );
}
