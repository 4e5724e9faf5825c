import { code128Pattern } from './code128-bars';
import { LabelCanvas, mm } from './label-canvas';
import type { Box, LabelDrawOp } from './label-canvas';
import type { LabelFonts } from './label-fonts';
import { LABEL_SIZES_MM } from './label-input';
import type { LabelInput, LabelOrderDetails, LabelSize, WaybillParty } from './label-input';
import {
  carrierLabelName,
  fieldText,
  itemText,
  partyAddress,
  partyName,
  partyPhones,
  printTimeText,
  totalPieces,
} from './label-text';

/**
 * The layout of a Chinese e-waybill (电子面单) on the two common thermal sizes, in the order
 * couriers and sorting lines expect: carrier and service, the routing code (三段码) large, the
 * sorting destination (大头笔) and consolidation hub (集包地), the barcode, recipient (收), sender
 * (寄), then goods, note and order numbers. 100×180 adds a tear-off customer part (二联).
 */

/** A laid-out label: page size in points and what to draw on it. */
export interface LabelLayout {
  width: number;
  height: number;
  /** The waybill number, used as the document title. */
  title: string;
  ops: readonly LabelDrawOp[];
}

const frameLine = 1.1;
const ruleLine = 0.7;

/** The texts a label shows, computed once from the input. */
interface LabelContent {
  carrier: string;
  service: string;
  routeCode: string;
  sortation: string;
  consolidationName: string;
  consolidationCode: string;
  waybillCode: string;
  recipient: WaybillParty;
  sender: WaybillParty;
  order: LabelOrderDetails;
  printTime: string;
}

function contentOf(input: LabelInput): LabelContent {
  const routing = input.data.routingInfo ?? {};
  return {
    carrier: carrierLabelName(input.carrierCode),
    service: fieldText(input.data.shippingOption?.title),
    routeCode: fieldText(routing.routeCode),
    sortation: fieldText(routing.sortation?.name),
    consolidationName: fieldText(routing.consolidation?.name),
    consolidationCode: fieldText(routing.consolidation?.code),
    waybillCode: input.data.waybillCode,
    recipient: input.data.recipient,
    sender: input.data.sender,
    order: input.order,
    printTime: printTimeText(input.printedAt),
  };
}

/** Lays out one label of the given size. */
export function layoutLabel(input: LabelInput, size: LabelSize, fonts: LabelFonts): LabelLayout {
  const { width, height } = LABEL_SIZES_MM[size];
  const canvas = new LabelCanvas(fonts);
  const content = contentOf(input);
  if (size === '76x130') layoutOnePart(canvas, content);
  else layoutTwoParts(canvas, content);
  return { width: mm(width), height: mm(height), title: content.waybillCode, ops: canvas.ops };
}

/** A horizontal section of a framed part: a fixed height, or `null` to take what is left. */
interface Section {
  height: number | null;
  draw: (box: Box) => void;
}

/** Draws a framed column of sections, a rule between each two; empty (0 high) sections are left out. */
function stack(canvas: LabelCanvas, frame: Box, allSections: readonly Section[]): void {
  const sections = allSections.filter((section) => section.height !== 0);
  const fixed = sections.reduce((sum, section) => sum + (section.height ?? 0), 0);
  const flexible = sections.filter((section) => section.height === null).length;
  const flexHeight = flexible > 0 ? (frame.height - fixed) / flexible : 0;
  canvas.strokeRect(frame, frameLine);
  let y = frame.y;
  sections.forEach((section, index) => {
    const height = section.height ?? flexHeight;
    if (index > 0) canvas.line(frame.x, y, frame.x + frame.width, y, ruleLine);
    section.draw({ x: frame.x, y, width: frame.width, height });
    y += height;
  });
}

/** 76×130 mm, one part (一联单). */
function layoutOnePart(canvas: LabelCanvas, content: LabelContent): void {
  const frame = { x: mm(2), y: mm(2), width: mm(72), height: mm(126) };
  const sorting = hasSortingRow(content) ? mm(8.5) : 0;
  stack(canvas, frame, [
    { height: mm(9.5), draw: (box) => header(canvas, box, content, 13) },
    { height: mm(15) + sorting * 0.3, draw: (box) => routeBand(canvas, box, content, 38) },
    { height: sorting, draw: (box) => sortingRow(canvas, box, content, 13) },
    { height: mm(21), draw: (box) => barcodeBlock(canvas, box, content.waybillCode, mm(13), 11) },
    { height: mm(22), draw: (box) => partyBlock(canvas, box, content.recipient, recipientStyle(mm(8), 13, 11)) },
    { height: mm(14), draw: (box) => partyBlock(canvas, box, content.sender, senderStyle(mm(8), 8.5, 7.5)) },
    { height: null, draw: (box) => goodsBlock(canvas, box, content.order, 7.5) },
    { height: mm(6), draw: (box) => footer(canvas, box, content, 6.5, true) },
  ]);
}

/** 100×180 mm: the courier's part with a signature box, and a tear-off customer part (二联单). */
function layoutTwoParts(canvas: LabelCanvas, content: LabelContent): void {
  const courierPart = { x: mm(2), y: mm(2), width: mm(96), height: mm(113) };
  const sorting = hasSortingRow(content) ? mm(10) : 0;
  stack(canvas, courierPart, [
    { height: mm(10), draw: (box) => header(canvas, box, content, 16) },
    { height: mm(18) + sorting * 0.3, draw: (box) => routeBand(canvas, box, content, 50) },
    { height: sorting, draw: (box) => sortingRow(canvas, box, content, 16) },
    { height: mm(24), draw: (box) => barcodeBlock(canvas, box, content.waybillCode, mm(16), 13) },
    { height: mm(25), draw: (box) => partyBlock(canvas, box, content.recipient, recipientStyle(mm(9), 15, 13)) },
    { height: mm(15), draw: (box) => partyBlock(canvas, box, content.sender, senderStyle(mm(9), 9.5, 8.5)) },
    { height: null, draw: (box) => signatureBox(canvas, box, 7.5) },
  ]);
  const tearY = mm(117.5);
  canvas.line(0, tearY, mm(100), tearY, 0.6, 3);
  const customerPart = { x: mm(2), y: mm(120), width: mm(96), height: mm(58) };
  stack(canvas, customerPart, [
    { height: mm(13), draw: (box) => stubHeader(canvas, box, content) },
    { height: mm(11), draw: (box) => partyBlock(canvas, box, content.recipient, recipientStyle(mm(6), 8.5, 8)) },
    { height: mm(9), draw: (box) => partyBlock(canvas, box, content.sender, senderStyle(mm(6), 7.5, 7)) },
    { height: null, draw: (box) => goodsBlock(canvas, box, content.order, 8) },
    { height: mm(5.5), draw: (box) => footer(canvas, box, content, 7, false) },
  ]);
}

/** Inner padding of every section. */
const pad = mm(1.5);

/** Carrier name left; the service (e.g. 标准快递) right, white on black. */
function header(canvas: LabelCanvas, box: Box, content: LabelContent, size: number): void {
  const middle = box.y + box.height / 2;
  const serviceSize = size * 0.75;
  const serviceWidth = content.service ? canvas.measure(content.service, serviceSize, true) + 2 * pad : 0;
  if (content.service) {
    const badge = { x: box.x + box.width - serviceWidth, y: box.y, width: serviceWidth, height: box.height };
    canvas.fillRect(badge);
    canvas.text(content.service, badge.x + badge.width / 2, middle + serviceSize * 0.36, {
      size: serviceSize,
      bold: true,
      color: 'white',
      align: 'center',
    });
  }
  const carrier = canvas.fit(content.carrier, box.width - serviceWidth - 3 * pad, size, size * 0.6, true);
  canvas.text(carrier.text, box.x + pad, middle + carrier.size * 0.36, { size: carrier.size, bold: true });
}

/** The routing code (三段码) as large as the band allows; the sorting destination when there is none. */
function routeBand(canvas: LabelCanvas, box: Box, content: LabelContent, maxSize: number): void {
  const text = content.routeCode || content.sortation;
  if (!text) return;
  const fitted = canvas.fit(text, box.width - 2 * pad, Math.min(maxSize, box.height * 0.95), 10, true);
  // Digits and capitals stand 0.72 em above the baseline (Liberation Sans); centre that height.
  canvas.text(fitted.text, box.x + box.width / 2, box.y + box.height / 2 + fitted.size * 0.36, {
    size: fitted.size,
    bold: true,
    align: 'center',
  });
}

/** Whether the sorting row shows 大头笔: the route band shows it instead when there is no 三段码. */
function sortationInRow(content: LabelContent): boolean {
  return content.routeCode !== '' && content.sortation !== '';
}

/** Whether the sorting row has anything to show. */
function hasSortingRow(content: LabelContent): boolean {
  return sortationInRow(content) || content.consolidationName !== '' || content.consolidationCode !== '';
}

/** Sorting destination (大头笔) left; consolidation hub (集包地) right, after a 集 badge. */
function sortingRow(canvas: LabelCanvas, box: Box, content: LabelContent, size: number): void {
  const middle = box.y + box.height / 2;
  const hasSortation = sortationInRow(content);
  const hub = [content.consolidationName, content.consolidationCode].filter(Boolean).join(' ');
  const hubLeft = hasSortation ? box.x + box.width * 0.52 : box.x;
  if (hasSortation) {
    const sortation = canvas.fit(content.sortation, hubLeft - box.x - 2 * pad, size, size * 0.6, true);
    canvas.text(sortation.text, box.x + pad, middle + sortation.size * 0.36, { size: sortation.size, bold: true });
    if (hub) canvas.line(hubLeft, box.y, hubLeft, box.y + box.height, ruleLine);
  }
  if (!hub) return;
  const badgeSize = box.height - 2 * mm(1);
  const badge = { x: hubLeft + pad, y: box.y + mm(1), width: badgeSize, height: badgeSize };
  canvas.fillRect(badge);
  canvas.text('集', badge.x + badge.width / 2, middle + badgeSize * 0.3, {
    size: badgeSize * 0.78,
    color: 'white',
    align: 'center',
  });
  const textLeft = badge.x + badge.width + pad;
  const hubText = canvas.fit(hub, box.x + box.width - textLeft - pad, size * 0.8, size * 0.5, true);
  canvas.text(hubText.text, textLeft, middle + hubText.size * 0.36, { size: hubText.size, bold: true });
}

/** The waybill number's Code128 barcode, and the number under it. */
function barcodeBlock(canvas: LabelCanvas, box: Box, waybillCode: string, barHeight: number, numberSize: number): void {
  const number = canvas.fit(waybillCode, box.width - 2 * pad, numberSize, 6, true);
  const gap = mm(1.2);
  // Bars, gap and the number's capitals (0.72 em) centred together in the block.
  const barsTop = box.y + (box.height - barHeight - gap - number.size * 0.72) / 2;
  canvas.barcode(code128Pattern(waybillCode), { x: box.x + pad, y: barsTop, width: box.width - 2 * pad }, barHeight);
  canvas.text(number.text, box.x + box.width / 2, barsTop + barHeight + gap + number.size * 0.72, {
    size: number.size,
    bold: true,
    align: 'center',
  });
}

/** How a recipient or sender block is set. */
interface PartyStyle {
  /** The role mark in the left column: 收 or 寄. */
  mark: string;
  /** White on black (the recipient) or black on white. */
  markInverted: boolean;
  markColumn: number;
  nameSize: number;
  addressSize: number;
  /** Bold address: only where it is large enough to stay open at 203 dpi. */
  addressBold: boolean;
}

/** The recipient: white-on-black 收, address bold when it is large. */
function recipientStyle(markColumn: number, nameSize: number, addressSize: number): PartyStyle {
  return { mark: '收', markInverted: true, markColumn, nameSize, addressSize, addressBold: addressSize >= 10 };
}

/** The sender: black-on-white 寄, regular address. */
function senderStyle(markColumn: number, nameSize: number, addressSize: number): PartyStyle {
  return { mark: '寄', markInverted: false, markColumn, nameSize, addressSize, addressBold: false };
}

/** A 收 or 寄 block: the role mark in a left column, then name and phones, then the address. */
function partyBlock(canvas: LabelCanvas, box: Box, party: WaybillParty, style: PartyStyle): void {
  const column = { x: box.x, y: box.y, width: style.markColumn, height: box.height };
  const markSize = Math.min(column.width * 0.72, box.height * 0.6);
  if (style.markInverted) canvas.fillRect(column);
  canvas.line(column.x + column.width, box.y, column.x + column.width, box.y + box.height, ruleLine);
  canvas.text(style.mark, column.x + column.width / 2, box.y + box.height / 2 + markSize * 0.36, {
    size: markSize,
    bold: true,
    color: style.markInverted ? 'white' : 'black',
    align: 'center',
  });

  const left = column.x + column.width + pad;
  const width = box.x + box.width - left - pad;
  const nameLine = [partyName(party), partyPhones(party)].filter(Boolean).join('  ');
  const top = box.y + mm(1.2);
  const name = canvas.fit(nameLine, width, style.nameSize, style.nameSize * 0.75, true);
  const nameBaseline = top + name.size * 0.9;
  canvas.text(name.text, left, nameBaseline, { size: name.size, bold: true });
  const lineHeight = style.addressSize * 1.22;
  const addressTop = nameBaseline + mm(0.8);
  // Every line but the last needs a full line height; the last only its glyphs' height.
  const room = box.y + box.height - mm(0.6) - addressTop - style.addressSize * 1.15;
  const maxLines = Math.max(1, Math.floor(room / lineHeight) + 1);
  canvas.wrap(partyAddress(party), width, style.addressSize, maxLines, style.addressBold).forEach((line, index) => {
    canvas.text(line, left, addressTop + style.addressSize * 0.95 + index * lineHeight, {
      size: style.addressSize,
      bold: style.addressBold,
    });
  });
}

/**
 * The custom area as the station draws it: goods (cut to fit, ending in …等N件), the buyer's note,
 * the seller's flag and note, the total count and the order numbers, each only when the label
 * carries it; the first order number also as a small Code128, for scan-to-verify at the desk.
 */
function goodsBlock(canvas: LabelCanvas, box: Box, order: LabelOrderDetails, size: number): void {
  const left = box.x + pad;
  const width = box.width - 2 * pad;
  const lineHeight = size * 1.3;
  const orderNumbers = order.orderNumbers.map(fieldText).filter(Boolean);
  const [firstOrder] = orderNumbers;
  const barHeight = firstOrder ? Math.min(mm(5), box.height * 0.3) : 0;
  const barcodeRoom = firstOrder ? barHeight + mm(1) : 0;
  const available = Math.floor((box.height - 2 * mm(1) - barcodeRoom) / lineHeight);
  const pieces = totalPieces(order.items);
  const goods = order.items.length > 0 ? `物品：${order.items.map(itemText).join('；')}` : '';
  const remark = fieldText(order.remark);
  const sellerNote = fieldText(order.sellerNote);
  const totalLine = order.totalCount !== undefined ? `共${order.totalCount}件` : '';
  const orderLine = orderNumbers.length > 0 ? `订单号：${orderNumbers.join('，')}` : '';

  const orderLines = orderLine ? canvas.wrap(orderLine, width, size, 1, false, `…等${orderNumbers.length}单`) : [];
  const totalLines = totalLine ? [totalLine] : [];
  const fixedLines = orderLines.length + totalLines.length;
  const noteBudget = (text: string, used: number) => (text ? Math.min(2, Math.max(1, available - fixedLines - used - (goods ? 1 : 0))) : 0);
  const remarkLines = remark ? canvas.wrap(`备注：${remark}`, width, size, noteBudget(remark, 0)) : [];
  const sellerLines = sellerNote ? canvas.wrap(`卖家备注：${sellerNote}`, width, size, noteBudget(sellerNote, remarkLines.length)) : [];
  const goodsBudget = Math.max(1, available - fixedLines - remarkLines.length - sellerLines.length);
  const goodsLines = goods ? canvas.wrap(goods, width, size, goodsBudget, false, `…等${pieces}件`) : [];
  // Where the area is too small for every line, the least needed go first: the total, the
  // seller's note, the buyer's note, then goods lines down to one; the order line stays.
  for (const lines of [totalLines, sellerLines, remarkLines, goodsLines]) {
    while (lines.length > (lines === goodsLines ? 1 : 0) && goodsLines.length + remarkLines.length + sellerLines.length + totalLines.length + orderLines.length > available) lines.pop();
  }

  let baseline = box.y + mm(1) + size * 0.95;
  for (const line of [...goodsLines, ...remarkLines, ...sellerLines, ...totalLines, ...orderLines]) {
    canvas.text(line, left, baseline, { size });
    baseline += lineHeight;
  }
  if (firstOrder) {
    const barsTop = box.y + box.height - mm(0.8) - barHeight;
    canvas.barcode(code128Pattern(firstOrder), { x: left, y: barsTop, width }, barHeight);
  }
}

/** Print time left; on a one-part label, where no signature box exists, a signature field right. */
function footer(canvas: LabelCanvas, box: Box, content: LabelContent, size: number, signature: boolean): void {
  const baseline = box.y + box.height / 2 + size * 0.36;
  canvas.text(`打印时间 ${content.printTime}`, box.x + pad, baseline, { size });
  if (signature) canvas.text('签收人：', box.x + box.width * 0.62, baseline, { size });
}

/** The courier part's signature box with the usual acknowledgement. */
function signatureBox(canvas: LabelCanvas, box: Box, size: number): void {
  const note = '您的签字代表您已验收此包裹，并已确认商品信息无误、包装完好、没有划痕、破损等表面质量问题。';
  const noteSize = size * 0.85;
  const noteLineHeight = noteSize * 1.3;
  const fieldsLeft = box.x + box.width * 0.6;
  const lines = canvas.wrap(note, fieldsLeft - box.x - 2 * pad, noteSize, 3);
  const noteTop = box.y + (box.height - lines.length * noteLineHeight) / 2;
  lines.forEach((line, index) => {
    canvas.text(line, box.x + pad, noteTop + noteSize * 0.95 + index * noteLineHeight, { size: noteSize });
  });
  canvas.line(fieldsLeft, box.y, fieldsLeft, box.y + box.height, ruleLine);
  canvas.text('签收人：', fieldsLeft + pad, box.y + box.height * 0.4, { size });
  canvas.text('时间：', fieldsLeft + pad, box.y + box.height * 0.82, { size });
}

/** The customer part's header: carrier and a smaller barcode of the waybill number. */
function stubHeader(canvas: LabelCanvas, box: Box, content: LabelContent): void {
  const split = box.x + box.width * 0.36;
  const carrier = canvas.fit(content.carrier, split - box.x - 2 * pad, 12, 7, true);
  canvas.text(carrier.text, box.x + pad, box.y + box.height * 0.45, { size: carrier.size, bold: true });
  canvas.text('客户联', box.x + pad, box.y + box.height * 0.82, { size: 8 });
  canvas.line(split, box.y, split, box.y + box.height, ruleLine);
  const barcodeBox = { x: split + pad, y: box.y + mm(1.2), width: box.x + box.width - split - 2 * pad };
  canvas.barcode(code128Pattern(content.waybillCode), barcodeBox, mm(7.5));
  canvas.text(content.waybillCode, barcodeBox.x + barcodeBox.width / 2, box.y + box.height - mm(1.2), {
    size: 8.5,
    bold: true,
    align: 'center',
  });
}
