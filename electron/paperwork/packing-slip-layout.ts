import type { SlipSize } from '../../shared/domain/paperwork';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { code128Pattern } from '../labels/code128-bars';
import { LabelCanvas, mm } from '../labels/label-canvas';
import type { Box } from '../labels/label-canvas';
import type { LabelFonts } from '../labels/label-fonts';
import type { LabelLayout } from '../labels/label-layout';
import { carrierLabelName, fieldText, printTimeText } from '../labels/label-text';
import { sellerNoteText, totalPiecesOf } from './custom-area';
import { paperworkTexts, yuanText, type PaperworkLanguage, type PaperworkTexts } from './paperwork-texts';

/**
 * The packing slip (发货单) that goes into the parcel: shop, order number with its barcode, paid
 * time, the receiver exactly as the platform masked it, the goods table, the total, the remarks
 * and the waybill number. One slip per package (a merged package lists all its orders).
 */

/** What one packing slip shows. */
export interface PackingSlip {
  shopName: string;
  /** The package's orders (one, or several merged into one parcel), in the job's order. */
  orders: readonly [SoldOrder, ...SoldOrder[]];
  /** The waybill number; null when the orders have none yet. */
  waybillCode: string | null;
  carrierCode: string;
  /** Millisecond epoch printed at the foot. */
  printedAt: number;
}

/** Page size and slips per page of each slip size, in millimetres. */
export const SLIP_PAGES_MM: Readonly<Record<SlipSize, { width: number; height: number; slipsPerPage: number; margin: number; textSize: number }>> = {
  'a4-half': { width: 210, height: 297, slipsPerPage: 2, margin: 10, textSize: 9.5 },
  a5: { width: 148, height: 210, slipsPerPage: 1, margin: 8, textSize: 9 },
  '76x130': { width: 76, height: 130, slipsPerPage: 1, margin: 2.5, textSize: 7 },
  '100x180': { width: 100, height: 180, slipsPerPage: 1, margin: 3, textSize: 8 },
};

const ruleLine = 0.6;

/** Lays out packing slips in order: one page each, or two per A4 sheet (a dashed cut line between). */
export function layoutPackingSlips(slips: readonly PackingSlip[], size: SlipSize, language: PaperworkLanguage, fonts: LabelFonts): LabelLayout[] {
  const page = SLIP_PAGES_MM[size];
  const texts = paperworkTexts(language);
  const slotHeight = page.height / page.slipsPerPage;
  const pages: LabelLayout[] = [];
  for (let first = 0; first < slips.length; first += page.slipsPerPage) {
    const canvas = new LabelCanvas(fonts);
    const onPage = slips.slice(first, first + page.slipsPerPage);
    onPage.forEach((slip, index) => {
      const box = { x: mm(page.margin), y: mm(index * slotHeight + page.margin), width: mm(page.width - 2 * page.margin), height: mm(slotHeight - 2 * page.margin) };
      drawSlip(canvas, box, slip, texts, page.textSize);
      if (index > 0) canvas.line(0, mm(index * slotHeight), mm(page.width), mm(index * slotHeight), 0.5, 4);
    });
    pages.push({ width: mm(page.width), height: mm(page.height), title: onPage[0]?.orders[0].orderNumber ?? '', ops: canvas.ops });
  }
  return pages;
}

function drawSlip(canvas: LabelCanvas, box: Box, slip: PackingSlip, texts: PaperworkTexts, size: number): void {
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  const line = size * 1.45;
  const [first] = slip.orders;
  let y = box.y;

  // Shop name, and the slip's title on the right.
  const titleSize = size * 1.35;
  const titleWidth = canvas.measure(texts.slipTitle, titleSize, true);
  const shop = canvas.fit(fieldText(slip.shopName), box.width - titleWidth - mm(4), size * 1.6, size, true);
  canvas.text(shop.text, box.x, y + shop.size, { size: shop.size, bold: true });
  canvas.text(texts.slipTitle, right, y + shop.size, { size: titleSize, bold: true, align: 'right' });
  y += shop.size + size * 0.7;
  canvas.line(box.x, y, right, y, ruleLine);
  y += size * 0.5;

  // Order number, paid time and waybill; the first order number's barcode beside them (below on narrow slips).
  const wide = box.width > mm(100);
  const barWidth = wide ? box.width * 0.42 : box.width;
  const barHeight = size * 2.6;
  const textWidth = wide ? box.width - barWidth - mm(2) : box.width;
  const orderNumbers = slip.orders.map((order) => order.orderNumber);
  const waybill = slip.waybillCode ? `${carrierLabelName(slip.carrierCode)} ${slip.waybillCode}` : texts.notIssued;
  const paidAt = first.confirmedAt === null ? '' : printTimeText(first.confirmedAt);
  const infoLines = [
    `${texts.orderNumber}：${orderNumbers.join('，')}`,
    `${texts.paidAt}：${paidAt}`,
    `${texts.waybill}：${waybill}`,
  ].map((text) => canvas.truncate(text, textWidth, size));
  const infoTop = y;
  infoLines.forEach((text, index) => canvas.text(text, box.x, infoTop + size + index * line, { size, bold: index === 0 }));
  const codeTop = wide ? infoTop : infoTop + infoLines.length * line + size * 0.3;
  canvas.barcode(code128Pattern(first.orderNumber), { x: right - barWidth, y: codeTop, width: barWidth }, barHeight);
  y = Math.max(infoTop + infoLines.length * line, codeTop + barHeight) + size * 0.6;

  // The receiver as the platform masked it.
  const receiver = [fieldText(first.receiverName), fieldText(first.receiverPhone)].filter(Boolean).join('  ');
  canvas.text(canvas.truncate(`${texts.receiver}：${receiver}`, box.width, size), box.x, y + size, { size });
  y += line;
  const address = [first.province, first.city, first.district, first.addressDetail].map(fieldText).filter(Boolean).join(' ');
  for (const text of canvas.wrap(`${texts.address}：${address}`, box.width, size, 2)) {
    canvas.text(text, box.x, y + size, { size });
    y += line;
  }
  y += size * 0.3;

  // What goes below the table, measured first so the table takes the rest.
  const footerSize = size * 0.8;
  const remarkLines = [
    ...notes(canvas, texts.buyerRemark, slip.orders.map((order) => order.remark), box.width, size),
    ...notes(canvas, texts.sellerNote, slip.orders.map(sellerNoteText), box.width, size),
  ];
  const below = line * (1.4 + remarkLines.length) + footerSize * 1.6;
  goodsTable(canvas, { x: box.x, y, width: box.width, height: bottom - below - y }, slip.orders, texts, size);

  let after = bottom - below + line * 1.1;
  const amounts = slip.orders.map((order) => order.payAmountFen);
  const amount = amounts.every((fen) => fen !== null) ? yuanText(amounts.reduce<number>((sum, fen) => sum + (fen ?? 0), 0)) : '';
  canvas.text(texts.total(totalPiecesOf(slip.orders), amount).trim(), right, after, { size, bold: true, align: 'right' });
  after += line * 0.3;
  for (const text of remarkLines) {
    after += line;
    canvas.text(text, box.x, after, { size });
  }
  canvas.text(`${texts.printedAt} ${printTimeText(slip.printedAt)}`, box.x, bottom - footerSize * 0.3, { size: footerSize });
}

/** A remark block: `label：text`, at most two lines per order's remark, none when all are empty. */
function notes(canvas: LabelCanvas, label: string, values: readonly string[], width: number, size: number): string[] {
  const text = values.map(fieldText).filter(Boolean).join('；');
  return text ? canvas.wrap(`${label}：${text}`, width, size, 2) : [];
}

/** The goods table: one row per order's goods line; rows that do not fit end in "… and N more". */
function goodsTable(canvas: LabelCanvas, box: Box, orders: readonly SoldOrder[], texts: PaperworkTexts, size: number): void {
  const rowHeight = size * 1.7;
  const columns = [0.07, 0.45, 0.24, 0.1, 0.14].map((share) => share * box.width);
  const lefts = columns.map((_, index) => box.x + columns.slice(0, index).reduce((sum, width) => sum + width, 0));
  const cell = (index: number, text: string, baseline: number, bold = false) => {
    const width = (columns[index] ?? 0) - mm(1);
    const left = lefts[index] ?? box.x;
    const numeric = index === 3 || index === 4;
    const fitted = canvas.truncate(text, width, size, bold);
    canvas.text(fitted, numeric ? left + width : left, baseline, { size, bold, ...(numeric && { align: 'right' }) });
  };
  const header = texts.columns;
  let y = box.y;
  canvas.fillRect({ x: box.x, y, width: box.width, height: ruleLine });
  [header.index, header.goods, header.spec, header.count, header.amount].forEach((text, index) => cell(index, text, y + rowHeight * 0.7, true));
  y += rowHeight;
  canvas.line(box.x, y, box.x + box.width, y, ruleLine);
  const fits = Math.max(1, Math.floor((box.height - rowHeight) / rowHeight));
  const shown = orders.length <= fits ? orders : orders.slice(0, fits - 1);
  shown.forEach((order, index) => {
    const baseline = y + rowHeight * 0.7;
    cell(0, String(index + 1), baseline);
    cell(1, fieldText(order.goodsName), baseline);
    cell(2, fieldText(order.goodsSpec), baseline);
    cell(3, order.goodsCount === null ? '?' : String(order.goodsCount), baseline);
    cell(4, yuanText(order.payAmountFen), baseline);
    y += rowHeight;
  });
  const rest = orders.slice(shown.length);
  if (rest.length > 0) {
    canvas.text(canvas.truncate(texts.moreLines(rest.length, totalPiecesOf(rest)), box.width, size), box.x, y + rowHeight * 0.7, { size });
    y += rowHeight;
  }
  canvas.line(box.x, y, box.x + box.width, y, ruleLine);
}
