import { FlagFilled } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { SELLER_FLAGS } from '../../../shared/domain/seller-flags';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { localizedError } from '../errors/station-error-text';
import { ShopTag } from '../shops/shop-tag';
import { hoursBetween, isPlannableHere, shipUrgency, yuanFromFen, type OrderProgress, type OrderView } from './order-view';

/** What a cell needs besides its row. */
export interface CellContext {
  t: TFunction;
  /** The UI language (error texts put field names in its words). */
  language: string;
  now: number;
  /** order_status values Settings holds back. */
  heldBack: ReadonlySet<number>;
}

/** One column of the orders table: header text key, width and cell content. */
export interface OrderColumn {
  id: string;
  /** i18n key of the header. */
  header: string;
  /** Width in px, unless the desk set its own (for a growing column, the least it takes). */
  width: number;
  /** Takes the width left over. */
  grow?: boolean;
  align?: 'end' | 'center';
  render: (view: OrderView, context: CellContext) => ReactNode;
}

/** `MM-dd HH:mm` in China time: the desk's short form of an instant. */
export function shortChinaTime(instant: number): string {
  return formatChinaDateTime(instant).slice(5, 16);
}

/** The colours a cell tag comes in (`orders-grid.css`). */
type TagColour = 'grey' | 'blue' | 'orange' | 'red' | 'gold' | 'green' | 'purple' | 'cyan' | 'magenta';

/**
 * A small coloured label in a cell. Plain markup styled by the table's stylesheet rather than
 * antd's Tag: the table renders dozens of them on every scroll and filter.
 */
function CellTag({ colour, title, children }: { colour: TagColour; title?: string; children: ReactNode }) {
  return (
    <span className={`cell-tag is-${colour}`} title={title}>
      {children}
    </span>
  );
}

/** Tag colours of each progress value. */
const progressColour: Readonly<Record<OrderProgress, TagColour>> = {
  'not-issued': 'grey',
  issuing: 'blue',
  issued: 'blue',
  'issued-elsewhere': 'orange',
  'issue-failed': 'red',
  printing: 'blue',
  'print-failed': 'red',
  'print-unknown': 'gold',
  printed: 'green',
  voided: 'grey',
  // Another desk's orders stand apart from this desk's own states at a glance.
  'at-other-desk': 'magenta',
  'issued-at-other-desk': 'magenta',
};

const dash = <span className="orders-grid__muted">—</span>;

/** The columns, in the order shown. */
export const ORDER_COLUMNS: readonly OrderColumn[] = [
  {
    id: 'order-number',
    header: 'orders.columns.orderNumber',
    width: 262,
    render: (view, { t }) => (
      <>
        <span className="orders-grid__order-number">{view.ref.orderNumber}</span>
        {view.mergeGroupSize > 1 ? (
          <CellTag colour="purple" title={t('orders.merge.hint', { count: view.mergeGroupSize })}>
            {t('orders.merge.tag', { count: view.mergeGroupSize })}
          </CellTag>
        ) : null}
      </>
    ),
  },
  {
    id: 'shop',
    header: 'orders.columns.shop',
    width: 92,
    render: (view) => (view.shop === null ? <span className="orders-grid__muted">{view.ref.shopId}</span> : <ShopTag shop={view.shop} />),
  },
  {
    id: 'state',
    header: 'orders.columns.state',
    width: 290,
    render: (view, { t, language }) => {
      const { station, elsewhere } = view.row;
      const { printCount, problem } = station;
      // Another desk's waybill when that desk issued it; this desk's own otherwise.
      const waybillCode = view.progress === 'issued-at-other-desk' ? (elsewhere?.waybillCode ?? null) : station.waybillCode;
      // A failed order says why (its issue error, or what kept it from being sent), in the packer's words.
      const reason = problem === null || !isPlannableHere(view) ? null : localizedError(t, language, problem).text;
      return (
        <>
          <CellTag colour={progressColour[view.progress]}>{t(`orders.progress.${view.progress}`, { count: Math.max(1, printCount), desk: elsewhere?.desk })}</CellTag>
          {waybillCode === null ? null : <span className="orders-grid__waybill">{waybillCode}</span>}
          {reason === null ? null : (
            <span className="orders-grid__reason" title={reason}>
              {reason}
            </span>
          )}
        </>
      );
    },
  },
  {
    id: 'time',
    header: 'orders.columns.time',
    width: 112,
    render: (view) => (view.row.order.confirmedAt === null ? dash : shortChinaTime(view.row.order.confirmedAt)),
  },
  {
    id: 'receiver',
    header: 'orders.columns.receiver',
    width: 200,
    render: (view) => (
      <span title={`${view.row.order.receiverName} ${view.row.order.receiverPhone}`}>
        {view.row.order.receiverName} <span className="orders-grid__muted">{view.row.order.receiverPhone}</span>
      </span>
    ),
  },
  { id: 'region', header: 'orders.columns.region', width: 190, render: (view) => <span title={view.region}>{view.region}</span> },
  {
    // The buyer and where the parcel goes in one column: what a packer checks against the slip, in little width.
    id: 'buyer-area',
    header: 'orders.columns.buyerArea',
    width: 210,
    render: (view) => (
      <span title={`${view.row.order.receiverName} ${view.row.order.receiverPhone} ${view.region}`}>
        {view.row.order.receiverName} <span className="orders-grid__muted">{view.region}</span>
      </span>
    ),
  },
  {
    id: 'goods',
    header: 'orders.columns.goods',
    width: 160,
    grow: true,
    render: (view) => {
      const { goodsName, goodsSpec } = view.row.order;
      return (
        <span title={`${goodsName} ${goodsSpec}`}>
          {goodsName} <span className="orders-grid__muted">{goodsSpec}</span>
        </span>
      );
    },
  },
  { id: 'count', header: 'orders.columns.count', width: 56, align: 'end', render: (view) => view.row.order.goodsCount ?? dash },
  {
    id: 'amount',
    header: 'orders.columns.amount',
    width: 100,
    align: 'end',
    render: (view) => {
      const yuan = yuanFromFen(view.row.order.payAmountFen);
      return yuan === null ? dash : `¥${yuan}`;
    },
  },
  {
    id: 'flag',
    header: 'orders.columns.flag',
    width: 120,
    render: (view, { t }) => {
      const { flag, flagName } = view.row.order;
      const known = SELLER_FLAGS.find((candidate) => candidate.value === flag);
      if (flag === null || !known || known.value === 0) return dash;
      return (
        <span className="orders-grid__flag" title={flagName ?? undefined}>
          <FlagFilled style={{ color: known.css }} aria-hidden />
          <span>{flagName ?? t(`flags.${known.value}`)}</span>
          {flagName ? <span className="visually-hidden">{t(`flags.${known.value}`)}</span> : null}
        </span>
      );
    },
  },
  {
    id: 'remark',
    header: 'orders.columns.remark',
    width: 140,
    render: (view) => (view.row.order.remark === '' ? dash : <span title={view.row.order.remark}>{view.row.order.remark}</span>),
  },
  {
    id: 'order-status',
    header: 'orders.columns.orderStatus',
    width: 72,
    align: 'center',
    // Raw: the spec gives the values no meanings; a held-back one is marked so it is never missed.
    render: (view, { t, heldBack }) => {
      const status = view.row.order.orderStatus;
      if (status === null) return dash;
      return heldBack.has(status) ? (
        <CellTag colour="red" title={t('orders.heldBack', { status })}>
          {status}
        </CellTag>
      ) : (
        String(status)
      );
    },
  },
  {
    id: 'pre-sale',
    header: 'orders.columns.preSale',
    width: 76,
    align: 'center',
    render: (view, { t }) => (view.row.order.isPreSale ? <CellTag colour="cyan">{t('orders.preSale')}</CellTag> : null),
  },
  {
    id: 'ship-by',
    header: 'orders.columns.shipBy',
    width: 150,
    render: (view, { t, now }) => {
      const lastShipAt = view.row.order.lastShipAt;
      if (lastShipAt === null) return dash;
      const urgency = shipUrgency(view, now);
      if (urgency === 'overdue') return <CellTag colour="red">{t('orders.shipBy.overdue', { count: hoursBetween(now, lastShipAt) })}</CellTag>;
      if (urgency === 'urgent') return <CellTag colour="orange">{t('orders.shipBy.left', { count: hoursBetween(now, lastShipAt) })}</CellTag>;
      return shortChinaTime(lastShipAt);
    },
  },
];

/** Every column's id, in the order the chooser lists them. */
export const ORDER_COLUMN_IDS: readonly string[] = ORDER_COLUMNS.map((column) => column.id);
