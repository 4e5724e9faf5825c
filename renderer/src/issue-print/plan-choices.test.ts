import { describe, expect, it } from 'vitest';
import { gatewayTimeOf, localInputOf, planFieldsOf, type PlanChoicesDraft } from './plan-choices';

const draft = (changes: Partial<PlanChoicesDraft> = {}): PlanChoicesDraft => ({
  services: { 'SVC-INSURE': { on: true, values: { value: '300' } }, 'SVC-COD': { on: false, values: { value: '50' } } },
  serviceValuesByOrder: {},
  measures: { weightG: '500', volumeMl: '' },
  measuresByOrder: {},
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
