import type { PickingLine, PickingSort } from '../../shared/domain/paperwork';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { LabelCanvas, mm } from '../labels/label-canvas';
import type { LabelFonts } from '../labels/label-fonts';
import type { LabelLayout } from '../labels/label-layout';
import { fieldText, printTimeText } from '../labels/label-text';
import { paperworkTexts, type PaperworkLanguage } from './paperwork-texts';

/**
 * The picking list (拣货单): the goods of a selection or a job gathered by name and spec, with the
 * total count of each and the orders that need it, so one walk through the shelves picks a
 * whole batch. A4, with a "picked" box on every line.
 */

// Pinyin order for Chinese names, as Chinese desks sort goods.
const collator = new Intl.Collator('zh-CN', { numeric: true });

/** Gathers the orders' goods by name + spec; sorted by name, or by count (largest first, then name). */
export function aggregatePicking(orders: readonly SoldOrder[], sort: PickingSort): PickingLine[] {
  const lines = new Map<string, PickingLine>();
  for (const order of orders) {
    const name = fieldText(order.goodsName);
    const spec = fieldText(order.goodsSpec);
    const key = `${name}\u0000${spec}`;
    const count = order.goodsCount ?? 1;
    const line = lines.get(key) ?? { name, spec, total: 0, orders: [] };
    line.total += count;
    line.orders.push({ orderNumber: order.orderNumber, count });
    lines.set(key, line);
  }
  const byName = (a: PickingLine, b: PickingLine) => collator.compare(a.name, b.name) || collator.compare(a.spec, b.spec);
  return [...lines.values()].sort(sort === 'count' ? (a, b) => b.total - a.total || byName(a, b) : byName);
}

/** A picking list as printed: its lines, the orders it covers and when it was made. */
export interface PickingList {
  lines: readonly PickingLine[];
  orders: number;
  /** Millisecond epoch printed in the header. */
  createdAt: number;
  /** What it was made for (a job id, or empty for a selection). */
  source: string;
}

const page = { width: 210, height: 297, margin: 12 };
const size = 9;
const rowLine = size * 1.35;
const ruleLine = 0.6;

/** Lays out a picking list on as many A4 pages as it needs, the column headings on every page. */
export function layoutPickingList(list: PickingList, language: PaperworkLanguage, fonts: LabelFonts): LabelLayout[] {
  const texts = paperworkTexts(language);
  const left = mm(page.margin);
  const width = mm(page.width - 2 * page.margin);
  const top = mm(page.margin);
  const bottom = mm(page.height - page.margin) - size * 2;
  const shares = [0.06, 0.06, 0.3, 0.18, 0.08, 0.32];
  const columns = shares.map((share) => share * width);
  const lefts = columns.map((_, index) => left + columns.slice(0, index).reduce((sum, column) => sum + column, 0));
  const ordersWidth = (columns[5] ?? 0) - mm(1);
  const measureCanvas = new LabelCanvas(fonts);

  const pages: LabelCanvas[] = [];
  let canvas = new LabelCanvas(fonts);
  let y = 0;
  const startPage = () => {
    canvas = new LabelCanvas(fonts);
    pages.push(canvas);
    y = top;
    if (pages.length === 1) {
      canvas.text(texts.pickingTitle, left, y + size * 1.8, { size: size * 1.8, bold: true });
      const pieces = list.lines.reduce((sum, line) => sum + line.total, 0);
      const summary = [texts.pickingSummary(list.orders, list.lines.length, pieces), list.source, printTimeText(list.createdAt)].filter(Boolean).join(' · ');
      canvas.text(summary, left + width, y + size * 1.8, { size, align: 'right' });
      y += size * 3;
    }
    const heads = texts.pickingColumns;
    canvas.fillRect({ x: left, y, width, height: ruleLine });
    [heads.picked, heads.index, heads.goods, heads.spec, heads.count, heads.orders].forEach((text, index) => {
      const numeric = index === 4;
      const x = numeric ? (lefts[index] ?? left) + (columns[index] ?? 0) - mm(1) : (lefts[index] ?? left);
      canvas.text(canvas.truncate(text, (columns[index] ?? 0) - mm(1), size, true), x, y + rowLine * 0.8, { size, bold: true, ...(numeric && { align: 'right' }) });
    });
    y += rowLine * 1.1;
    canvas.line(left, y, left + width, y, ruleLine);
  };
  startPage();

  list.lines.forEach((line, index) => {
    const orderText = line.orders.map((order) => (order.count === 1 ? order.orderNumber : `${order.orderNumber}×${order.count}`)).join('  ');
    const orderLines = measureCanvas.wrap(orderText, ordersWidth, size * 0.85, 1_000);
    const goodsLines = measureCanvas.wrap(line.name, (columns[2] ?? 0) - mm(1), size, 3);
    const rows = Math.max(orderLines.length, goodsLines.length, 1);
    const height = rows * rowLine + size * 0.6;
    if (y + height > bottom && y > top + rowLine * 2) startPage();
    const baseline = y + size * 0.3 + rowLine * 0.8;
    const box = size * 0.95;
    canvas.strokeRect({ x: (lefts[0] ?? left) + mm(1), y: baseline - box * 0.85, width: box, height: box }, 0.7);
    canvas.text(String(index + 1), lefts[1] ?? left, baseline, { size });
    goodsLines.forEach((text, row) => canvas.text(text, lefts[2] ?? left, baseline + row * rowLine, { size }));
    canvas.text(canvas.truncate(line.spec, (columns[3] ?? 0) - mm(1), size), lefts[3] ?? left, baseline, { size });
    canvas.text(String(line.total), (lefts[4] ?? left) + (columns[4] ?? 0) - mm(1), baseline, { size, bold: true, align: 'right' });
    orderLines.forEach((text, row) => canvas.text(text, lefts[5] ?? left, baseline + row * rowLine, { size: size * 0.85 }));
    y += height;
    canvas.line(left, y, left + width, y, 0.3);
  });

  return pages.map((pageCanvas, index) => {
    pageCanvas.text(texts.page(index + 1, pages.length), left + width / 2, mm(page.height - page.margin / 2), { size: size * 0.85, align: 'center' });
    return { width: mm(page.width), height: mm(page.height), title: texts.pickingTitle, ops: pageCanvas.ops };
  });
}
