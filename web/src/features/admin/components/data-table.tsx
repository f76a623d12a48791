import { useMemo, useState, type ReactNode } from 'react';

export type Column<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable (client-side, over the rows given). */
  sortValue?: (row: T) => string | number;
  /** Right-aligned figures. */
  numeric?: boolean;
};

/**
 * The portal's table: a real <table> (screen readers announce rows and headers), headers that sort
 * when a column allows it (aria-sort says how), horizontal scroll inside its card on a tablet or
 * phone rather than a squeezed page, and the row count always visible in the caption.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowClassName,
}: {
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  rowClassName?: (row: T) => string | undefined;
}) {
  const [sort, setSort] = useState<{ id: string; direction: 'ascending' | 'descending' }>();
  const sorted = useMemo(() => {
    const column = sort && columns.find((candidate) => candidate.id === sort.id);
    if (!column?.sortValue) return rows;
    const value = column.sortValue;
    const factor = sort?.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const left = value(a);
      const right = value(b);
      return (typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right))) * factor;
    });
  }, [rows, columns, sort]);

  const toggle = (id: string) =>
    setSort((current) =>
      current?.id === id ? { id, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { id, direction: 'ascending' },
    );

  return (
    // A region that scrolls sideways on a phone: reachable by keyboard even when no row holds a control (axe: scrollable-region-focusable).
    <div className="data-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>
          {caption} <span className="data-table__count">({rows.length === 1 ? '1 row' : `${rows.length} rows`})</span>
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={sort?.id === column.id ? sort.direction : undefined}
                className={column.numeric ? 'numeric' : undefined}
              >
                {column.sortValue ? (
                  <button type="button" className="data-table__sort" onClick={() => toggle(column.id)}>
                    {column.header}
                    <span aria-hidden="true">{sort?.id === column.id ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}</span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="data-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            sorted.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((column) => (
                  <td key={column.id} className={column.numeric ? 'numeric' : undefined} data-label={column.header}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
