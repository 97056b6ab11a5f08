import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerBonus } from '../../../../../../contracts/platform/bonuses/bonuses';
import { Select } from '../../../../shared/components/select';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { formatDay } from '../history/history-dates';
import { pageSizes } from '../history/history-table';
import { WageringProgress, wageredPercent } from './wagering-progress';

/** BON-05: ACTIVE, then QUEUED, then PENDING, every other status last. */
const statusOrder = (status: string) => ({ ACTIVE: 0, QUEUED: 1, PENDING: 2 })[status] ?? 3;
/** BON-06: only these can be cancelled. */
export const cancellable = (bonus: PlayerBonus) => bonus.status === 'ACTIVE' || bonus.status === 'QUEUED';

/** BON-04, DEF-17: a bonus date parsed and shown as DD-MM-YYYY; the raw text when it is not a date. */
function bonusDate(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value.slice(0, 11) : formatDay(date);
}

const column = createColumnHelper<PlayerBonus>();

interface BonusTableProps {
  bonuses: readonly PlayerBonus[];
  onCancel(bonus: PlayerBonus): void;
}

/**
 * The Bonuses table (BON-03…06, BON-19): sortable by every column (status in the BON-05 order at
 * first), 10, 25 or 100 rows a page, a cancel action on QUEUED and ACTIVE bonuses.
 */
export function BonusTable({ bonuses, onCancel }: BonusTableProps) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<SortingState>([{ id: 'status', desc: false }]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 10 });

  const columns = useMemo(
    () => [
      column.accessor('bonusPlanName', {
        header: t('wallet.bonuses.name'),
        meta: t('wallet.bonuses.name'),
        cell: (info) => <span className="bonus-table__name">{info.getValue()}</span>,
      }),
      column.accessor('product', {
        header: t('wallet.bonuses.product'),
        meta: t('wallet.bonuses.product'),
        cell: (info) => <span data-testid="bonus-product">{t(`wallet.bonuses.product.${info.getValue()}`)}</span>,
      }),
      column.accessor('status', {
        header: t('wallet.bonuses.status'),
        meta: t('wallet.bonuses.status'),
        sortingFn: (a, b) => statusOrder(a.original.status) - statusOrder(b.original.status),
        cell: (info) => (
          <span className={`status-pill bonus-status bonus-status--${info.getValue().toLowerCase()}`} data-testid="bonus-status">
            {t(`wallet.bonuses.status.${info.getValue()}`)}
          </span>
        ),
      }),
      column.accessor('amount', {
        header: t('wallet.bonuses.amount'),
        meta: t('wallet.bonuses.amount'),
        cell: (info) => <span className="history-table__amount">{formatMoney(info.getValue(), info.row.original.currency)}</span>,
      }),
      column.accessor((bonus) => wageredPercent(bonus.amountWagered, bonus.wagerRequirement), {
        id: 'wagering',
        header: t('wallet.bonuses.wagering'),
        meta: t('wallet.bonuses.wagering'),
        cell: (info) => {
          const bonus = info.row.original;
          return <WageringProgress wagered={bonus.amountWagered} required={bonus.wagerRequirement} currency={bonus.currency} />;
        },
      }),
      column.accessor('triggerDate', {
        header: t('wallet.bonuses.triggerDate'),
        meta: t('wallet.bonuses.triggerDate'),
        cell: (info) => bonusDate(info.getValue()),
      }),
      column.accessor((bonus) => bonus.expiryDate ?? '', {
        id: 'expiryDate',
        header: t('wallet.bonuses.expiryDate'),
        meta: t('wallet.bonuses.expiryDate'),
        cell: (info) => bonusDate(info.row.original.expiryDate),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('wallet.bonuses.actions')}</span>,
        meta: '',
        cell: (info) =>
          cancellable(info.row.original) ? (
            <button type="button" className="button button--secondary button--small" onClick={() => onCancel(info.row.original)} data-testid="bonus-cancel">
              {t('wallet.bonuses.cancel')}
            </button>
          ) : null,
      }),
    ],
    [t, onCancel],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the table object is read only in this render, never memoised.
  const table = useReactTable({
    data: bonuses as PlayerBonus[],
    columns,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    // A first click sorts up (A–Z, smallest, earliest) on every column.
    sortDescFirst: false,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: true,
  });
  const pageCount = table.getPageCount();

  return (
    <div className="history-table bonus-table" data-testid="bonuses-table">
      <div className="history-table__scroll">
        <table className="history-table__table">
          <caption className="visually-hidden">{t('wallet.bonuses.caption')}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={`history-table__cell history-table__cell--${header.column.id}`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="bonus-table__sort"
                          onClick={header.column.getToggleSortingHandler()}
                          data-testid={`bonuses-sort-${header.column.id}`}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span className="bonus-table__arrow" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid="bonuses-row" data-status={row.original.status}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`history-table__cell history-table__cell--${cell.column.id}`}
                    data-label={String(cell.column.columnDef.meta ?? '')}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="history-table__foot">
        <Select
          label={t('wallet.history.pageSize')}
          value={String(pagination.pageSize)}
          onValueChange={(size) => table.setPageSize(Number(size))}
          options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
          className="history-table__size"
          testId="bonuses-page-size"
        />
        <p className="history-table__count" aria-live="polite">
          {t('wallet.history.pageOf', { page: pagination.pageIndex + 1, pages: Math.max(pageCount, 1), rows: bonuses.length })}
        </p>
        <div className="history-table__pager">
          <button type="button" className="button button--secondary" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
            {t('wallet.history.previousPage')}
          </button>
          <button type="button" className="button button--secondary" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            {t('wallet.history.nextPage')}
          </button>
        </div>
      </div>
    </div>
  );
}
