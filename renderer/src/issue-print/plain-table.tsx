import { Checkbox, Empty } from 'antd';
import type { ReactNode } from 'react';
import './plain-table.css';

/** One column of a plain table. */
export interface PlainColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  width?: number;
}

/** Row selection of a plain table: the selected keys, and which rows may be ticked. */
export interface PlainSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (keys: string[]) => void;
  selectable: (row: T) => boolean;
  /** The checkbox's accessible name. */
  labelOf: (row: T) => string;
  /** The header checkbox's accessible name. */
  allLabel: string;
}

/** Props of the plain table. */
export interface PlainTableProps<T> {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly PlainColumn<T>[];
  selection?: PlainSelection<T>;
}

/**
 * A read-only HTML table for the job and history lists. Not antd's Table: it measures the
 * scrollbar by injecting a <style> without the CSP nonce on every mount (a CSP violation).
 */
export function PlainTable<T>({ label, rows, rowKey, columns, selection }: PlainTableProps<T>) {
  const selectableKeys = selection ? rows.filter(selection.selectable).map(rowKey) : [];
  const allTicked = selection !== undefined && selectableKeys.length > 0 && selectableKeys.every((key) => selection.selected.has(key));
  return (
    // A narrow drawer scrolls the table sideways rather than squeeze a column to one character a line.
    <div className="plain-table__frame">
      <table className="plain-table" aria-label={label}>
        <thead>
          <tr>
            {selection ? (
              <th className="plain-table__tick">
                <Checkbox
                  aria-label={selection.allLabel}
                  checked={allTicked}
                  indeterminate={!allTicked && selectableKeys.some((key) => selection.selected.has(key))}
                  onChange={(event) => selection.onChange(event.target.checked ? selectableKeys : [])}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <th key={column.key} style={column.width ? { width: column.width } : undefined}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)}>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
              </td>
            </tr>
          ) : null}
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={key} aria-selected={selection ? selection.selected.has(key) : undefined}>
                {selection ? (
                  <td className="plain-table__tick">
                    <Checkbox
                      aria-label={selection.labelOf(row)}
                      disabled={!selection.selectable(row)}
                      checked={selection.selected.has(key)}
                      onChange={(event) => {
                        const next = new Set(selection.selected);
                        if (event.target.checked) next.add(key);
                        else next.delete(key);
                        selection.onChange([...next]);
                      }}
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.key}>{column.render(row)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
