import { flexRender, getCoreRowModel, getPaginationRowModel, useReactTable, type TableOptions } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../../shared/components/select';

/** HIST-11: history tables offer 10, 25 or 100 rows a page, 10 at first. */
export const pageSizes = [10, 25, 100] as const;

interface HistoryTableProps<Row> {
  rows: readonly Row[];
  columns: TableOptions<Row>['columns'];
  caption: string;
  empty: ReactNode;
  testId: string;
}

/** A paged history table (TanStack Table): the caption names it, the foot pages it. */
export function HistoryTable<Row>({ rows, columns, caption, empty, testId }: HistoryTableProps<Row>) {
  const { t } = useTranslation();
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 10 });
  // eslint-disable-next-line react-hooks/incompatible-library -- the table object is read only in this render, never memoised.
  const table = useReactTable({
    data: rows as Row[],
    columns,
    state: { pagination },
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: true,
  });

  if (rows.length === 0) return <>{empty}</>;
  const pageCount = table.getPageCount();
  return (
    <div className="history-table" data-testid={testId}>
      <div className="history-table__scroll">
        <table className="history-table__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={`history-table__cell history-table__cell--${header.column.id}`}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid={`${testId}-row`}>
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
          testId={`${testId}-page-size`}
        />
        <p className="history-table__count" aria-live="polite">
          {t('wallet.history.pageOf', { page: pagination.pageIndex + 1, pages: Math.max(pageCount, 1), rows: rows.length })}
        </p>
        <div className="history-table__pager">
          <button
            type="button"
            className="button button--secondary"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
            data-testid={`${testId}-previous`}
          >
            {t('wallet.history.previousPage')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!table.getCanNextPage()}
            onClick={() => table.nextPage()}
            data-testid={`${testId}-next`}
          >
            {t('wallet.history.nextPage')}
          </button>
        </div>
      </div>
    </div>
  );
}
