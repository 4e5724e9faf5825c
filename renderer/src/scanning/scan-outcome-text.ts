import type { TFunction } from 'i18next';
import type { ScanOutcome } from './scan-resolution';

/** The sentence for a scan outcome, in the UI's language; `statusText` words an order status as the desk named it. */
export function outcomeText(t: TFunction, outcome: ScanOutcome, statusText: (shopId: string, status: number) => string = (_shopId, status) => String(status)): string {
  return t(`scan.outcome.${outcome.kind}`, {
    ...outcome,
    count: 'printCount' in outcome ? outcome.printCount : 0,
    shops: 'shopIds' in outcome ? outcome.shopIds.length : 0,
    ...(outcome.kind === 'held-back' ? { orderStatus: statusText(outcome.shopId, outcome.orderStatus) } : {}),
  });
}

/** A piece of an outcome's sentence: plain words, or an order or waybill number (shown whole, never broken over lines). */
export interface OutcomePart {
  text: string;
  number: boolean;
}

/** The numbers an outcome names: the scanned code, its order and its waybill. */
function numbersOf(outcome: ScanOutcome): string[] {
  const named = [outcome.code, 'orderNumber' in outcome ? outcome.orderNumber : null, 'waybillCode' in outcome ? outcome.waybillCode : null];
  // Longest first, so that a number containing another is kept as one piece.
  return [...new Set(named.filter((number): number is string => number !== null && number !== ''))].sort((a, b) => b.length - a.length);
}

/** Splits a sentence at the numbers given, in order; the numbers become parts of their own. */
export function splitAtNumbers(text: string, numbers: readonly string[]): OutcomePart[] {
  if (numbers.length === 0) return text === '' ? [] : [{ text, number: false }];
  const escaped = numbers.map((number) => number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text
    .split(new RegExp(`(${escaped.join('|')})`))
    .filter((piece) => piece !== '')
    .map((piece) => ({ text: piece, number: numbers.includes(piece) }));
}

/** The sentence for a scan outcome, its order and waybill numbers apart (the panel keeps them whole). */
export function outcomeParts(t: TFunction, outcome: ScanOutcome, statusText?: (shopId: string, status: number) => string): OutcomePart[] {
  return splitAtNumbers(outcomeText(t, outcome, statusText), numbersOf(outcome));
}
