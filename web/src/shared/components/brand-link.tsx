import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { EmeraldMark } from './icons';

/** The Emerald mark and wordmark, linking home. */
export function BrandLink() {
  const { t } = useTranslation();
  return (
    <Link className="brand" to={paths.home.getHref()} aria-label={t('header.homeLink')}>
      <EmeraldMark className="brand__mark" />
      <span className="brand__word" aria-hidden="true">
        Emerald
      </span>
    </Link>
  );
}
