import { useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, Empty, Spin } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import { gridTemplateOf, shownColumns, widthOf, withColumnWidth, type ColumnSet } from './column-set';
import { ORDER_COLUMNS, type CellContext, type OrderColumn } from './order-columns';
import { useOrderColumnSet } from './use-order-columns';
import { useHeldBackStatuses } from './use-held-back-statuses';
import { plannableKeys, type OrderView } from './order-view';
import { measureRowsPainted } from './paint-timing';
import './orders-grid.css';

/** The element id of the table (the F6 shortcut focuses it). */
export const ORDERS_GRID_ID = 'orders-grid';

/** Row height in pixels: large enough to hit and to read at arm's length, small enough for a dozen rows at 1366×768. */
const ROW_HEIGHT = 34;
/** Header height in pixels (the virtualizer offsets the rows by it). */
const HEADER_HEIGHT = 36;
/** The selection box's track. */
const CHECK_TRACK = '44px';

/** The row element's id, for aria-activedescendant. */
const rowId = (index: number) => `${ORDERS_GRID_ID}-row-${index}`;

/** Props of the orders table. */
export interface OrdersGridProps {
  /** The rows shown (after the local filters), in order. */
  rows: readonly OrderView[];
  /** What to say when there are no rows: nothing loaded yet, or nothing matches the filters. */
  empty: 'loading' | 'nothing-loaded' | 'nothing-matches';
  now: number;
  /**
   * The table goes back to its first row when one of these changes (by identity): the filters,
   * the search, the shops chosen. A refresh of the same rows keeps the place.
   */
  firstRowOn: readonly unknown[];
}

interface OrderRowProps {
  view: OrderView;
  index: number;
  start: number;
  selected: boolean;
  /** Held or issued at another desk: shown, never ticked. */
  locked: boolean;
  isCursor: boolean;
  columns: readonly OrderColumn[];
  context: CellContext;
  onRowClick: (key: string, event: MouseEvent) => void;
}

/** One row; memoized so that only rows whose selection or data changed render again. */
const OrderGridRow = memo(function OrderGridRow({ view, index, start, selected, locked, isCursor, columns, context, onRowClick }: OrderRowProps) {
  const className = ['orders-grid__row', selected ? 'is-selected' : '', locked ? 'is-locked' : '', isCursor ? 'is-cursor' : '', index % 2 === 1 ? 'is-odd' : ''].join(' ');
  return (
    <div
      role="row"
      id={rowId(index)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-disabled={locked || undefined}
      className={className}
      style={{ transform: `translateY(${start}px)` }}
      onClick={(event) => onRowClick(view.key, event)}
    >
      <div role="gridcell" className="orders-grid__cell orders-grid__check">
        {/* The row's aria-selected says it; this box only shows it (and stays cheap to render). */}
        <span className={`orders-grid__box${selected ? ' is-checked' : ''}`} aria-hidden />
      </div>
      {columns.map((column) => (
        <div key={column.id} role="gridcell" className={`orders-grid__cell${column.align ? ` is-${column.align}` : ''}`}>
          {column.render(view, context)}
        </div>
      ))}
    </div>
  );
});

/**
 * The handle on a header's right edge: dragged, the column follows the pointer; let go, the width
 * is remembered. The table shows the width while it is dragged without saving each step.
 */
function ColumnResizer({ label, width, onDrag, onDone }: { label: string; width: number; onDrag: (width: number) => void; onDone: (width: number) => void }) {
  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    const startX = event.clientX;
    handle.setPointerCapture(event.pointerId);
    const widthAt = (x: number) => width + x - startX;
    const move = (moved: globalThis.PointerEvent) => onDrag(widthAt(moved.clientX));
    const up = (ended: globalThis.PointerEvent) => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      onDone(widthAt(ended.clientX));
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  return <span role="separator" aria-orientation="vertical" aria-label={label} className="orders-grid__resizer" onPointerDown={onPointerDown} onClick={(event) => event.stopPropagation()} />;
}

/**
 * The orders table: an ARIA grid whose rows are virtualized (only those in view are in the DOM),
 * so 10,000 orders paint as fast as 30. Click or Space ticks a row, Shift+click adds a range,
 * the arrow keys move the cursor (Shift+arrow ticks along), Ctrl+A ticks every row shown.
 */
export function OrdersGrid({ rows, empty, now, firstRowOn }: OrdersGridProps) {
  const { t, i18n } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const selection = useUi((state) => state.selection);
  const toggleRow = useUi((state) => state.toggleRow);
  const selectRange = useUi((state) => state.selectRange);
  const selectRows = useUi((state) => state.selectRows);
  const unselectRows = useUi((state) => state.unselectRows);
  const moveCursor = useUi((state) => state.moveCursor);
  const showRow = useUi((state) => state.showRow);
  const store = useUiStoreApi();

  const shownKeys = useMemo(() => rows.map((view) => view.key), [rows]);
  // Orders another desk holds or issued are shown but never ticked: a plan never includes them.
  const selectableKeys = useMemo(() => plannableKeys(rows), [rows]);
  const lockedKeys: ReadonlySet<string> = useMemo(() => {
    const selectable = new Set(selectableKeys);
    return new Set(shownKeys.filter((key) => !selectable.has(key)));
  }, [shownKeys, selectableKeys]);
  const cursorIndex = useMemo(() => (selection.cursor === null ? -1 : shownKeys.indexOf(selection.cursor)), [selection.cursor, shownKeys]);
  const selectedShown = useMemo(() => selectableKeys.reduce((count, key) => count + (selection.selected.has(key) ? 1 : 0), 0), [selectableKeys, selection.selected]);

  // The lint warns that React Compiler would not memoize around the virtualizer; this build does
  // not use the compiler, and the virtualizer re-renders the table itself when it scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  useLayoutEffect(() => measureRowsPainted(rows.length), [rows]);
  const placeOf = useRef(firstRowOn);
  useEffect(() => {
    const before = placeOf.current;
    placeOf.current = firstRowOn;
    // Another filter, search or shop: the first matches are what the packer looks for, not the row under the cursor.
    if (before.length !== firstRowOn.length || before.some((value, index) => value !== firstRowOn[index])) virtualizer.scrollToOffset(0);
    else if (cursorIndex >= 0) virtualizer.scrollToIndex(cursorIndex, { align: 'auto' });
  }, [cursorIndex, firstRowOn, virtualizer]);

  const onRowClick = useCallback(
    (key: string, event: MouseEvent) => {
      if (lockedKeys.has(key)) showRow(key);
      else if (event.shiftKey) selectRange(selectableKeys, key);
      else toggleRow(key);
    },
    [lockedKeys, selectRange, selectableKeys, showRow, toggleRow],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const moves: Record<string, number | 'first' | 'last'> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: 'first', End: 'last' };
    const move = moves[event.key];
    if (move !== undefined && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      moveCursor(shownKeys, move, event.shiftKey);
      if (event.shiftKey && lockedKeys.size > 0) unselectRows([...lockedKeys]);
      // A key always brings the cursor into view, also where it stayed (the table went back to its first row meanwhile).
      const cursor = store.getState().selection.cursor;
      if (cursor !== null) virtualizer.scrollToIndex(shownKeys.indexOf(cursor), { align: 'auto' });
    } else if (event.key === ' ' && selection.cursor !== null && !lockedKeys.has(selection.cursor)) {
      event.preventDefault();
      toggleRow(selection.cursor);
    }
  };

  const allShownSelected = selectableKeys.length > 0 && selectedShown === selectableKeys.length;
  const heldBack = useHeldBackStatuses();
  const context: CellContext = useMemo(() => ({ t, language: i18n.language, now, heldBack }), [t, i18n.language, now, heldBack]);
  const { set: savedSet, save: saveColumns } = useOrderColumnSet();
  // While a column is dragged wider or narrower: the arrangement shown, saved once the pointer lets go.
  const [dragged, setDragged] = useState<ColumnSet | null>(null);
  const columnSet = dragged ?? savedSet;
  const columns = useMemo(() => shownColumns(columnSet, ORDER_COLUMNS), [columnSet]);
  const template = useMemo(() => gridTemplateOf(columnSet, ORDER_COLUMNS, CHECK_TRACK), [columnSet]);
  const canvasStyle = { height: virtualizer.getTotalSize(), '--orders-grid-columns': template } as CSSProperties;

  return (
    <div
      id={ORDERS_GRID_ID}
      ref={scrollRef}
      role="grid"
      aria-label={t('orders.gridLabel')}
      aria-rowcount={rows.length + 1}
      aria-multiselectable
      aria-activedescendant={cursorIndex >= 0 ? rowId(cursorIndex) : undefined}
      tabIndex={0}
      className="orders-grid"
      onKeyDown={onKeyDown}
    >
      <div className="orders-grid__canvas" style={canvasStyle}>
        <div role="rowgroup" className="orders-grid__head">
          <div role="row" aria-rowindex={1} className="orders-grid__header-row">
            <div role="columnheader" className="orders-grid__cell orders-grid__check">
              <Checkbox
                aria-label={t('orders.selectAllShown')}
                checked={allShownSelected}
                indeterminate={selectedShown > 0 && !allShownSelected}
                disabled={selectableKeys.length === 0}
                tabIndex={-1}
                onChange={() => (allShownSelected ? unselectRows(selectableKeys) : selectRows(selectableKeys))}
              />
            </div>
            {columns.map((column) => (
              <div key={column.id} role="columnheader" className={`orders-grid__cell orders-grid__header-cell${column.align ? ` is-${column.align}` : ''}`}>
                {t(column.header)}
                <ColumnResizer
                  label={t('orders.columnChooser.resize', { column: t(column.header) })}
                  width={widthOf(columnSet, column)}
                  onDrag={(width) => setDragged(withColumnWidth(savedSet, column.id, width))}
                  onDone={(width) => {
                    setDragged(null);
                    saveColumns(withColumnWidth(savedSet, column.id, width));
                  }}
                />
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup">
          {virtualizer.getVirtualItems().map((item) => {
            const view = rows[item.index] as OrderView;
            return (
              // Keyed by position: after a filter the rows on screen are updated in place rather
              // than built anew.
              <OrderGridRow
                key={item.index}
                view={view}
                index={item.index}
                start={item.start}
                selected={selection.selected.has(view.key)}
                locked={lockedKeys.has(view.key)}
                isCursor={item.index === cursorIndex}
                columns={columns}
                context={context}
                onRowClick={onRowClick}
              />
            );
          })}
        </div>
        {rows.length === 0 ? (
          <div className="orders-grid__empty">
            {empty === 'loading' ? <Spin size="large" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`orders.empty.${empty}`)} />}
          </div>
        ) : null}
      </div>
    </div>
  );
}
