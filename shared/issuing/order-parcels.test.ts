import { describe, expect, it } from 'vitest';
import type { IssueEntry } from '../domain/issue-entry';
import { ISSUE_LIMITS } from '../gateway/issue-limits';
import { parcelEntries, parcelObjectId, parcelOfObjectId, parcelPackageId, PARCEL_LIMITS, validateOrderParcels } from './order-parcels';

const entry = { objectId: '240101-123', orderChannel: 'PDD', orderNumbers: ['240101-123'], packageId: '', items: [{ name: '茶杯', count: 5, weightG: 300 }] } as IssueEntry;
const codes = (orderNumber: string, goods: number | null, parcels: { count: number; split: number[] | null }, carrier = 'YTO') =>
  validateOrderParcels(orderNumber, goods, parcels, carrier).map((problem) => problem.code);

describe('the parcels of one order', () => {
  it('names each parcel: object_id T, T#2 …; a package id the gateway takes (letters, digits, _), at most 40 characters', () => {
    expect([1, 2, 10].map((no) => parcelObjectId('240101-123', no))).toEqual(['240101-123', '240101-123#2', '240101-123#10']);
    expect(['240101-123', '240101-123#2', 'A#B'].map(parcelOfObjectId)).toEqual([
      { orderNumber: '240101-123', parcelNo: 1 },
      { orderNumber: '240101-123', parcelNo: 2 },
      { orderNumber: 'A#B', parcelNo: 1 },
    ]);
    expect(parcelPackageId('240101-123', 2)).toBe('240101_123_P2');
    const long = parcelPackageId('X'.repeat(30) + '1234567890', 10);
    expect(long).toHaveLength(ISSUE_LIMITS.packageIdLength);
    expect(long.endsWith('1234567890_P10')).toBe(true);
  });

  it('gives every parcel the goods as they are, or its share when split', () => {
    expect(parcelEntries(entry, { count: 2, split: null }).map((parcel) => [parcel.objectId, parcel.packageId, parcel.items])).toEqual([
      ['240101-123', '240101_123_P1', entry.items],
      ['240101-123#2', '240101_123_P2', entry.items],
    ]);
    expect(parcelEntries(entry, { count: 2, split: [2, 3] }).map((parcel) => parcel.items)).toEqual([[{ name: '茶杯', count: 2, weightG: 300 }], [{ name: '茶杯', count: 3, weightG: 300 }]]);
  });

  it('names what is out of range, per order: the carrier, the number of parcels, each share and the total', () => {
    expect(codes('T1', 5, { count: 2, split: null })).toEqual([]);
    expect(codes('T1', 5, { count: 2, split: null }, 'STO')).toEqual(['validation.parcels-not-supported']);
    expect(codes('T1', 5, { count: PARCEL_LIMITS.max + 1, split: null })).toEqual(['validation.parcels-count']);
    expect(codes('T1', 5, { count: 1, split: null })).toEqual(['validation.parcels-count']);
    expect(codes('T1', 5, { count: 2, split: [0, 5] })).toEqual(['validation.parcels-split-empty']);
    expect(codes('T1', 5, { count: 2, split: [2, 2] })).toEqual(['validation.parcels-split-total']);
    expect(codes('T1', null, { count: 2, split: [1, 1] })).toEqual(['validation.parcels-split-total']);
    expect(codes('T1', 5, { count: 3, split: [2, 3] })).toEqual(['validation.parcels-split-total']);
  });
});
