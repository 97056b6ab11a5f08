import { useTranslation } from 'react-i18next';
import { GamesExplorer } from '../../features/games/components/games-explorer';
import { useConfiguration } from '../../shared/configuration/configuration';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';

/** NAV-22: the explorer, embedded, listing only the configured minigames provider (NS-14). */
export function Component() {
  const { t } = useTranslation();
  const { minigames_provider } = useConfiguration();
  useDocumentTitle(t('pages.minigames'));
  return <GamesExplorer embedded provider={minigames_provider} />;
}
