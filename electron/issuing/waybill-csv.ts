import { findCarrier } from '../../shared/domain/carriers';

/** One shipment line: an order and the waybill it ships on. */
export interface ShipmentLine {
  orderNumber: string;
  carrierCode: string | null;
  /** The number used for shipping: the parent waybill in parent/child mode, else the waybill. */
  waybillCode: string;
  /** The desk that issued it (shared mode). */
  deskName?: string;
  /** The shop of the account the order is of: its id, and its display name for the shop column. */
  shopId?: string;
  shopName?: string;
}

/** The header platforms' bulk shipping confirmation takes (订单编号, 物流公司, 运单号). */
const SHIPMENT_CSV_HEADER = ['订单编号', '物流公司', '运单号'] as const;

/** The column shared mode adds after them: the desk that issued the waybill (出单台). */
const DESK_CSV_HEADER = '出单台';

/** The column an export of every shop adds last: the shop the order is of (店铺); a shop's platform import takes the export of that shop alone. */
const SHOP_CSV_HEADER = '店铺';

/** A byte order mark: Excel reads a CSV as UTF-8 (Chinese intact) only when the file starts with it. */
export const CSV_BOM = '\uFEFF';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formulas defused. */
export function csvField(value: string): string {
  // A cell starting with = + - @ would be run as a formula by spreadsheet programs.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The shipment CSV: header, then one line per order (order number, carrier name in Chinese as
 * platforms list it — the code when the carrier is not known — and waybill number), CRLF line
 * ends, UTF-8 with BOM. With `deskColumn` (shared mode) a fourth column names the desk that issued
 * each waybill; with `shopColumn` (an export of several shops) a last column names the order's
 * shop. Numbers stay text exactly as issued: a spreadsheet may display long
 * order numbers in scientific notation, but the file itself holds every digit.
 */
export function shipmentCsv(lines: readonly ShipmentLine[], options: { deskColumn?: boolean; shopColumn?: boolean } = {}): string {
  const desk = (line: ShipmentLine) => (options.deskColumn ? [line.deskName ?? ''] : []);
  const shop = (line: ShipmentLine) => (options.shopColumn ? [line.shopName ?? ''] : []);
  const rows = lines.map((line) => [line.orderNumber, line.carrierCode === null ? '' : (findCarrier(line.carrierCode)?.nameZh ?? line.carrierCode), line.waybillCode, ...desk(line), ...shop(line)]);
  const header = [...SHIPMENT_CSV_HEADER, ...(options.deskColumn ? [DESK_CSV_HEADER] : []), ...(options.shopColumn ? [SHOP_CSV_HEADER] : [])];
  return CSV_BOM + [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
