import { describe, expect, it } from 'vitest';
import { canSplit, gatewayTimeOf, localInputOf, planFieldsOf, shareGoods, withParcelCount, withSplit, type PlanChoicesDraft } from './plan-choices';

const draft = (changes: Partial<PlanChoicesDraft> = {}): PlanChoicesDraft => ({
  services: { 'SVC-INSURE': { on: true, values: { value: '300' } }, 'SVC-COD': { on: false, values: { value: '50' } } },
  serviceValuesByOrder: {},
  measures: { weightG: '500', volumeMl: '' },
  measuresByOrder: {},
  parcelsByOrder: {},
  pickUp: { on: false, start: '', end: '' },
  confirmedHeldBack: [],
  heldBackStatuses: {},
  ...changes,
});

describe('the plan’s choices as the issue.plan request takes them', () => {
  it('sends the ticked services, the measures as numbers and no pickup when it is off', () => {
    expect(planFieldsOf(draft())).toEqual({
      services: [{ code: 'SVC-INSURE', values: { value: '300' } }],
      serviceValuesByOrder: {},
      packageMeasures: { weightG: 500, volumeMl: null },
      packageMeasuresByOrder: {},
      parcelsByOrder: {},
      doorPickUp: null,
      confirmedHeldBack: [],
    });
  });

  it('keeps only what was typed for one order, laid over the job’s measures', () => {
    const fields = planFieldsOf(
      draft({
        measuresByOrder: { A: { weightG: '', volumeMl: '3000' }, B: { weightG: '', volumeMl: '' } },
        serviceValuesByOrder: { A: { 'SVC-INSURE': { value: '900' } }, B: { 'SVC-INSURE': { value: ' ' } } },
      }),
    );
    expect(fields.packageMeasuresByOrder).toEqual({ A: { weightG: 500, volumeMl: 3000 } });
    expect(fields.serviceValuesByOrder).toEqual({ A: { 'SVC-INSURE': { value: '900' } } });
  });

  it('sends the pickup window in the gateway’s time format', () => {
    expect(planFieldsOf(draft({ pickUp: { on: true, start: '2026-11-25T14:00', end: '2026-11-25 17:00:00' } })).doorPickUp).toEqual({ start: '2026-11-25 14:00:00', end: '2026-11-25 17:00:00' });
    expect(gatewayTimeOf('2026-11-25T14:00:30')).toBe('2026-11-25 14:00:30');
    expect(localInputOf('2026-11-25 14:00:00')).toBe('2026-11-25T14:00');
  });
});

describe('an order in several parcels (一单多包) and split (拆单)', () => {
  it('sends only the orders of more than one parcel, split or with their goods on every parcel', () => {
    const fields = planFieldsOf(
      draft({
        parcelsByOrder: {
          A: { count: 3, split: null },
          B: { count: 1, split: null },
          C: { count: 2, split: [3, 2] },
        },
      }),
    );
    expect(fields.parcelsByOrder).toEqual({ A: { count: 3, split: null }, C: { count: 2, split: [3, 2] } });
  });

  it('sends an emptied parcel count as 0, for the issue rules to name', () => {
    expect(planFieldsOf(draft({ parcelsByOrder: { A: { count: 2, split: [4, null] } } })).parcelsByOrder).toEqual({ A: { count: 2, split: [4, 0] } });
  });

  it('shares the goods as evenly as possible, every parcel at least one', () => {
    expect(shareGoods(5, 3)).toEqual([2, 2, 1]);
    expect(shareGoods(6, 2)).toEqual([3, 3]);
    expect(shareGoods(3, 3)).toEqual([1, 1, 1]);
    expect(shareGoods(10, 4)).toEqual([3, 3, 2, 2]);
  });

  it('offers a split only for two goods or more, over no more parcels than goods', () => {
    expect(canSplit(1, 2)).toBe(false);
    expect(canSplit(null, 2)).toBe(false);
    expect(canSplit(2, 2)).toBe(true);
    expect(canSplit(2, 3)).toBe(false);
    expect(canSplit(5, 1)).toBe(false);
  });

  it('prefills a split evenly, shares it out afresh when the count changes, and drops it where it cannot be', () => {
    const split = withSplit({ count: 2, split: null }, true, 5);
    expect(split).toEqual({ count: 2, split: [3, 2] });
    expect(withParcelCount({ count: 2, split: [4, 1] }, 3, 5)).toEqual({ count: 3, split: [2, 2, 1] });
    expect(withParcelCount({ count: 2, split: [4, 1] }, 6, 5)).toEqual({ count: 6, split: null });
    expect(withParcelCount({ count: 2, split: [4, 1] }, 1, 5)).toEqual({ count: 1, split: null });
    expect(withParcelCount(undefined, 4, 5)).toEqual({ count: 4, split: null });
    expect(withSplit({ count: 3, split: [2, 2, 1] }, false, 5)).toEqual({ count: 3, split: null });
  });

  it('counts as unchanged a count set back to one (the plan compares the fields it sends)', () => {
    expect(planFieldsOf(draft({ parcelsByOrder: { A: { count: 1, split: null } } }))).toEqual(planFieldsOf(draft()));
  });
});
