import { asRecord, readNumber } from './tolerant-values';

/**
 * The points one call cost (decisions.md "Cost"): data.withholding_money where present (it may
 * sit beside content), otherwise the first value found in an entry of a list in data (carrier
 * records, sold-order entries) — repeated values in entries are the same fee, not a sum. 0 when
 * the answer reports no fee.
 */
export function callCost(data: unknown): number {
  const record = asRecord(data);
  if (!record) return 0;
  const direct = readNumber(record.withholding_money);
  if (direct !== null) return direct;
  const lists = [record.content, ...Object.values(record)].filter(Array.isArray);
  for (const list of lists) {
    for (const entry of list) {
      const fee = readNumber(asRecord(entry)?.withholding_money);
      if (fee !== null) return fee;
    }
  }
  return 0;
}
