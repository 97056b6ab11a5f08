import { useLocation } from 'react-router';
import { GamesExplorer } from '../../features/games/components/games-explorer';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { useTranslation } from 'react-i18next';
import { isEmbedded } from '../layouts/layout-mode';

/** NAV-21: /play, in the embedded layout when asked with `asEmbedded`. */
export function Component() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  useDocumentTitle(t('pages.play'));
  return <GamesExplorer embedded={isEmbedded(pathname, search)} />;
}
