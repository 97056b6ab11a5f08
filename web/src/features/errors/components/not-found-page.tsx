import { ErrorPage } from './error-page';

export function NotFoundPage() {
  return <ErrorPage code={404} titleKey="pages.notFound" messageKey="errors.notFound" />;
}
