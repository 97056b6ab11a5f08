import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameTransaction } from '../../../../../../contracts/platform/games/games';
import { useTransactionHistory } from '../../api/get-transaction-history';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { PanelEmpty, PanelLoadFailed, PanelLoading } from '../cashier/panel-states';
import { formatTime } from '../../../../shared/i18n/format';
import { formatDay, isoDay, shiftDay, startOfDay } from './history-dates';
import { HistoryTable } from './history-table';
import { PeriodPicker } from './period-picker';

/** A game-history row (spec 001 §3, HIST-08). */
type GameHistoryRow = GameTransaction;

const column = createColumnHelper<GameHistoryRow>();

/** Game History (HIST-06…11): one day at a time, today first. */
export function GameHistory() {
  const { t } = useTranslation();
  const [today] = useState(() => startOfDay(new Date()));
  const [day, setDay] = useState(today);
  const rounds = useTransactionHistory(isoDay(day));
  const label = formatDay(day);
  const isToday = day.getTime() === today.getTime();

  const columns = useMemo(
    () => [
      column.accessor('gameTranId', { header: t('wallet.games.id'), meta: t('wallet.games.id') }),
      // HIST-09, DEF-17: the time is parsed, not cut out of the text.
      column.accessor('timestamp', {
        header: t('wallet.games.time'),
        meta: t('wallet.games.time'),
        cell: (info) => formatTime(info.getValue(), { seconds: true }),
      }),
      // HIST-10: GAME_WIN shows as Win, a stake given back (a cancelled bingo game, a round voided at a lock) as Refund, anything else as Bet.
      column.accessor('tranType', {
        header: t('wallet.games.type'),
        meta: t('wallet.games.type'),
        cell: (info) =>
          info.getValue() === 'GAME_WIN' ? t('wallet.games.win') : info.getValue() === 'GAME_REFUND' ? t('wallet.games.refund') : t('wallet.games.bet'),
      }),
      column.accessor('gameName', { header: t('wallet.games.game'), meta: t('wallet.games.game') }),
      column.accessor('amount', {
        header: t('wallet.games.amount'),
        meta: t('wallet.games.amount'),
        cell: (info) => formatMoney(info.getValue(), info.row.original.currency),
      }),
      column.accessor('postBalance', {
        header: t('wallet.games.balance'),
        meta: t('wallet.games.balance'),
        cell: (info) => formatMoney(info.getValue(), info.row.original.currency),
      }),
    ],
    [t],
  );

  return (
    <div className="history-panel" data-testid="game-history">
      <PeriodPicker
        label={isToday ? t('wallet.games.today', { day: label }) : label}
        groupLabel={t('wallet.games.day')}
        previousLabel={t('wallet.games.previousDay')}
        nextLabel={t('wallet.games.nextDay')}
        onPrevious={() => setDay((shown) => shiftDay(shown, -1))}
        onNext={() => setDay((shown) => (shiftDay(shown, 1) > today ? shown : shiftDay(shown, 1)))}
        nextDisabled={isToday}
        testId="history-day"
      />
      {rounds.isPending ? <PanelLoading /> : null}
      {rounds.isError ? <PanelLoadFailed onRetry={() => void rounds.refetch()} /> : null}
      {rounds.isSuccess ? (
        <HistoryTable
          rows={rounds.data}
          columns={columns}
          caption={t('wallet.games.caption', { day: label })}
          empty={<PanelEmpty title={t('wallet.games.none')} testId="game-history-empty" />}
          testId="game-history-table"
        />
      ) : null}
    </div>
  );
}
