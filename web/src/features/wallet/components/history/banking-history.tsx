import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankingHistoryRow } from '../../../../../../contracts/platform/cashier/banking-history';
import { paymentMethodCodeSchema } from '../../../../../../contracts/platform/cashier/payment-methods';
import { monthKey } from '../../../../shared/i18n/calendar';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { useBankingHistory } from '../../api/get-banking-history';
import { usePaymentMethodDisplay } from '../cashier/use-payment-method-display';
import { PanelEmpty, PanelLoadFailed, PanelLoading } from '../cashier/panel-states';
import { formatDateTime, isAfterMonth, monthOf, monthRange, shiftMonth, type CalendarMonth } from './history-dates';
import { HistoryTable } from './history-table';
import { PeriodPicker } from './period-picker';

const column = createColumnHelper<BankingHistoryRow>();

const knownStatuses = ['CREATED', 'PENDING', 'AWAITING_PAYMENT', 'SUCCESS', 'DECLINED', 'FAILED', 'CANCELLED'] as const;
type KnownStatus = (typeof knownStatuses)[number];
const isKnownStatus = (status: string): status is KnownStatus => (knownStatuses as readonly string[]).includes(status);

/** Transactions (HIST-02…05, HIST-11…15): one calendar month of deposits and withdrawals, newest first. */
export function BankingHistory() {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const current = monthOf(now);
  const [month, setMonth] = useState<CalendarMonth>(current);
  const range = monthRange(month);
  const history = useBankingHistory(range);
  const display = usePaymentMethodDisplay();

  // The month's name from the dictionaries: Chromium's ICU has no Macedonian, so Intl would write it in English.
  const monthLabel = t('calendar.monthYear', { month: t(monthKey(month.month)), year: month.year });

  const columns = useMemo(
    () => [
      column.accessor('id', {
        header: t('wallet.history.id'),
        meta: t('wallet.history.id'),
        cell: (info) => <span className="history-table__id">{info.getValue()}</span>,
      }),
      column.accessor('requestDate', { header: t('wallet.history.date'), meta: t('wallet.history.date'), cell: (info) => formatDateTime(info.getValue()) }),
      column.accessor('type', {
        header: t('wallet.history.type'),
        meta: t('wallet.history.type'),
        cell: (info) => t(`wallet.history.type.${info.getValue()}`),
      }),
      column.accessor('paymentMethod', {
        header: t('wallet.history.method'),
        meta: t('wallet.history.method'),
        cell: (info) => {
          const code = paymentMethodCodeSchema.safeParse(info.getValue());
          return code.success ? display(code.data).name : info.getValue();
        },
      }),
      column.accessor('amount', {
        header: t('wallet.history.amount'),
        meta: t('wallet.history.amount'),
        cell: (info) => <span className="history-table__amount">{formatMoney(info.getValue(), info.row.original.currency)}</span>,
      }),
      column.accessor('status', {
        header: t('wallet.history.status'),
        meta: t('wallet.history.status'),
        cell: (info) => {
          const status = info.getValue();
          return (
            <span className={`status-pill status-pill--${status.toLowerCase()}`}>{isKnownStatus(status) ? t(`wallet.history.status.${status}`) : status}</span>
          );
        },
      }),
    ],
    [t, display],
  );

  return (
    <div className="history-panel" data-testid="banking-history">
      <PeriodPicker
        label={monthLabel}
        groupLabel={t('wallet.history.month')}
        previousLabel={t('wallet.history.previousMonth')}
        nextLabel={t('wallet.history.nextMonth')}
        onPrevious={() => setMonth((shown) => shiftMonth(shown, -1))}
        onNext={() => setMonth((shown) => (isAfterMonth(shiftMonth(shown, 1), current) ? shown : shiftMonth(shown, 1)))}
        nextDisabled={isAfterMonth(shiftMonth(month, 1), current)}
        testId="history-month"
      />
      {history.isPending ? <PanelLoading /> : null}
      {history.isError ? <PanelLoadFailed onRetry={() => void history.refetch()} /> : null}
      {history.isSuccess ? (
        <HistoryTable
          rows={history.data}
          columns={columns}
          caption={t('wallet.history.transactionsCaption', { month: monthLabel })}
          empty={<PanelEmpty title={t('wallet.history.noTransactions', { month: monthLabel })} testId="banking-history-empty" />}
          testId="banking-history-table"
        />
      ) : null}
    </div>
  );
}
