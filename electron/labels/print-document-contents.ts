import { CARRIERS, waybillNumberPattern } from '../../shared/domain/carriers';
import { CUSTOM_AREA_KEYS } from '../../shared/domain/paperwork';
import { asRecord, readText } from '../gateway/decoding/tolerant-values';
import type { RawRecord } from '../gateway/decoding/tolerant-values';
import type { LabelItem, LabelOrderDetails } from './label-input';

/**
 * A print document's content layers as our own renderer reads them: the first layer is the
 * decoded print_data object, an optional second one the merchant's custom area, whose `data`
 * carries the order (ORDER_ID, ITEM_INFO, REMARK, SELLER_NOTE, TOTAL_COUNT: the fields the user
 * chose). The print component emulator reads documents
 * the same way.
 */

/** The layers of one print document: the print data (as sent) and the custom area's `data`, null without one. */
export interface PrintDocumentLayers {
  printData: unknown;
  customArea: RawRecord | null;
}

/** Splits a document's contents into its print data and custom area. */
export function printDocumentLayers(contents: readonly unknown[]): PrintDocumentLayers {
  return { printData: contents[0], customArea: asRecord(asRecord(contents[1])?.['data']) };
}

/** Goods in the custom area's ITEM_INFO: `name×count` parts separated by `;`, `；` or line breaks. */
function itemsOf(itemInfo: string): LabelItem[] {
  return itemInfo
    .split(/[;；\n]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const match = /^(.*?)\s*[×xX*]\s*(\d+)$/.exec(part);
      return match?.[1] ? { name: match[1], count: Number(match[2]) } : { name: part, count: 1 };
    });
}

/** The order details a custom area carries (the fields it holds); empty ones without a custom area. */
export function customAreaOrderDetails(customArea: RawRecord | null): LabelOrderDetails {
  const area = customArea ?? {};
  const total = Number.parseInt(readText(area[CUSTOM_AREA_KEYS.totalCount]), 10);
  return {
    orderNumbers: readText(area[CUSTOM_AREA_KEYS.orderNumber])
      .split(/[,，\s]+/)
      .filter((number) => number !== ''),
    items: itemsOf(readText(area[CUSTOM_AREA_KEYS.goods])),
    remark: readText(area[CUSTOM_AREA_KEYS.buyerRemark]),
    sellerNote: readText(area[CUSTOM_AREA_KEYS.sellerNote]),
    ...(Number.isFinite(total) && total > 0 && { totalCount: total }),
  };
}

/**
 * The carrier whose waybill-number shape matches, for the label's carrier name (print data does
 * not name the carrier); empty when none does.
 */
export function carrierCodeOfWaybill(waybillCode: string): string {
  const carrier = CARRIERS.find((candidate) => candidate.waybillNumber && waybillNumberPattern(candidate.waybillNumber).test(waybillCode));
  return carrier?.code ?? '';
}
