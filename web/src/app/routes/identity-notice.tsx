import { useTranslation } from 'react-i18next';
import { PageNotice } from '../../shared/components/page-notice';
import { useIdentityReviewWarning } from '../../shared/session/use-identity-review-warning';
import { useRouteHandle } from '../route-handle';

/** /identification: the page, with the identity-review warning when it applies (DIS-09). */
export function Component() {
  const { t } = useTranslation();
  const { titleKey } = useRouteHandle();
  useIdentityReviewWarning();
  return <PageNotice title={t(titleKey)} />;
}
