import type { HTMLAttributes, Key, ReactNode } from 'react';

export interface BackOfficeColumn<Row> {
  /** The column's heading; one that is text also labels each of its cells where the table's cells are labelled. */
  header: ReactNode;
  headerClassName?: string;
  cellClassName?: string;
  cell(row: Row): ReactNode;
}

/** A row's own attributes: its test id, `aria-current` for the one opened, … */
type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };

interface BackOfficeTableProps<Row> {
  columns: readonly BackOfficeColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): Key;
  rowAttributes?(row: Row): RowAttributes;
  /** Classes after `bo-table` (`bo-records` lays a row out as a card on a narrow screen). */
  className?: string;
  testId?: string;
  /**
   * Each cell carries its column's heading as `data-label`, which the narrow card layout shows
   * before the value (a column without a text heading, such as an action's, has none).
   */
  labelCells?: boolean;
  /** Wrapped to scroll sideways when wider than its card (the queues' tables are not). */
  scroll?: boolean;
}

/** The back office's table of records: a heading row, then a row a record. */
export function BackOfficeTable<Row>({
  columns,
  rows,
  rowKey,
  rowAttributes,
  className,
  testId,
  labelCells = false,
  scroll = true,
}: BackOfficeTableProps<Row>) {
  const table = (
    <table className={className ? `bo-table ${className}` : 'bo-table'} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.headerClassName}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowAttributes?.(row)}>
            {columns.map((column, index) => (
              <td key={index} className={column.cellClassName} data-label={labelCells && typeof column.header === 'string' ? column.header : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scroll ? <div className="bo-scroll">{table}</div> : table;
}
