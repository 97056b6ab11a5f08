import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../../shared/components/tabs';
import { BankingHistory } from './banking-history';
import { GameHistory } from './game-history';

/** HIST-01: the History tab's two sub-tabs. */
export function HistoryTab() {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t('wallet.history.tabs')}
      testId="history-tabs"
      items={[
        { value: 'transactions', label: t('wallet.history.transactions'), content: <BankingHistory /> },
        { value: 'games', label: t('wallet.history.games'), content: <GameHistory /> },
      ]}
    />
  );
}
