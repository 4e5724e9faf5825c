import { describe, expect, it } from 'vitest';
import type { BranchService } from '../domain/network';
import { describeError, type StationError } from '../errors/station-error';
import { validateServiceChoices, validateServiceValues } from '../validation/logistics-services-validation';
import { attributeRule, logisticsServicesText, overrideServiceValues, withRequiredServices } from './logistics-services';

const insure: BranchService = {
  code: 'SVC-INSURE',
  name: '保价',
  description: '',
  required: true,
  attributes: [{ code: 'value', name: '保价金额', type: 'number', typeDescription: '{"min":"1","max":"30000"}' }],
};
const cod: BranchService = {
  code: 'SVC-COD',
  name: '代收货款',
  description: '',
  required: false,
  attributes: [{ code: 'value', name: '代收金额', type: 'number', typeDescription: '{"min":"1","max":"50000"}' }],
};
const inTime: BranchService = {
  code: 'SVC-IN-TIME',
  name: '定时派送',
  description: '',
  required: false,
  attributes: [{ code: 'value', name: '派送时段', type: 'enum', typeDescription: '{"1":"上午","2":"下午"}' }],
};

describe('logistics services', () => {
  it('always adds the branch’s required services, first, keeping their chosen values', () => {
    expect(withRequiredServices([insure, cod], [{ code: 'SVC-COD', values: { value: '200' } }])).toEqual([
      { code: 'SVC-INSURE', values: {} },
      { code: 'SVC-COD', values: { value: '200' } },
    ]);
    expect(withRequiredServices([insure, cod], [{ code: 'SVC-INSURE', values: { value: '300' } }])).toEqual([{ code: 'SVC-INSURE', values: { value: '300' } }]);
  });

  it('writes logistics_services as the spec’s JSON text, empty for none', () => {
    expect(logisticsServicesText([])).toBe('');
    expect(logisticsServicesText([{ code: 'SVC-INSURE', values: { value: ' 1000 ' } }, { code: 'SVC-COD', values: { value: '200' } }])).toBe(
      '{"SVC-INSURE":{"value":"1000"},"SVC-COD":{"value":"200"}}',
    );
  });

  it('lays one order’s values over the job’s', () => {
    expect(overrideServiceValues([{ code: 'SVC-INSURE', values: { value: '300' } }], { 'SVC-INSURE': { value: '900' } })).toEqual([{ code: 'SVC-INSURE', values: { value: '900' } }]);
  });

  it('reads number ranges and options from type_desc, and treats what it cannot read as text', () => {
    expect(attributeRule('number', '{"min":"1","max":"30000"}')).toEqual({ kind: 'number', min: 1, max: 30000 });
    expect(attributeRule('enum', '{"1":"上午"}')).toEqual({ kind: 'enum', options: [{ value: '1', label: '上午' }] });
    expect(attributeRule('enum', 'not json')).toEqual({ kind: 'text' });
    expect(attributeRule('string', '')).toEqual({ kind: 'text' });
  });

  it('names the order, the service and the attribute in the desk’s words when a value is missing or wrong', () => {
    const problems = validateServiceValues([insure, cod, inTime], [
      { code: 'SVC-INSURE', values: {} },
      { code: 'SVC-COD', values: { value: '60000' } },
      { code: 'SVC-IN-TIME', values: { value: '5' } },
    ], 'T100');
    expect(problems.map((problem) => problem.code)).toEqual(['validation.service-value-required', 'validation.service-value-out-of-range', 'validation.service-value-not-allowed']);
    const [missing, outOfRange] = problems as [StationError, StationError];
    expect(describeError(missing, 'zh').text).toBe('订单 T100：“保价”需要填写保价金额。');
    expect(describeError(outOfRange, 'en').text).toBe('Order T100: 代收金额 of 代收货款 is 60000; the branch accepts 1 to 50000.');
    expect(validateServiceValues([cod], [{ code: 'SVC-COD', values: { value: '二百' } }], 'T1').map((problem) => problem.code)).toEqual(['validation.service-value-not-number']);
    expect(validateServiceValues([insure, cod], [{ code: 'SVC-INSURE', values: { value: '300' } }, { code: 'SVC-COD', values: { value: '200.5' } }], 'T1')).toEqual([]);
  });

  it('refuses a service the branch does not offer, for the whole job', () => {
    expect(validateServiceChoices([insure], [{ code: 'SVC-COD', values: { value: '1' } }], '57118')).toEqual([
      expect.objectContaining({ code: 'validation.service-not-offered', params: expect.objectContaining({ branch: '57118', service: 'SVC-COD' }) }),
    ]);
  });
});
