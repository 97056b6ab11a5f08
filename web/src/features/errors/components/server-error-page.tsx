import { ErrorPage } from './error-page';

export function ServerErrorPage() {
  return <ErrorPage code={500} titleKey="pages.serverError" messageKey="errors.serverError" />;
}
