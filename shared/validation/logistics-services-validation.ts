import type { BranchService } from '../domain/network';
import type { StationError } from '../errors/station-error';
import { stationError } from '../errors/station-error';
import type { ServiceChoice } from '../issuing/logistics-services';
import { attributeRule } from '../issuing/logistics-services';

/**
 * The chosen services against what the branch offers (request level): each must be one of the
 * branch's services. Their values are checked per order (`validateServiceValues`).
 */
export function validateServiceChoices(offered: readonly BranchService[], chosen: readonly ServiceChoice[], branch: string): StationError[] {
  const codes = new Set(offered.map((service) => service.code));
  return chosen
    .filter((choice) => !codes.has(choice.code))
    .map((choice) => stationError('validation.service-not-offered', { branch, service: choice.code, serviceName: choice.code }));
}

/**
 * The values of an order's services, in the desk's words (the branch's service and attribute
 * names): every attribute needs a value, a number within the branch's range, an option among the
 * branch's options. Services the branch does not offer are the request's problem, not the order's.
 */
export function validateServiceValues(offered: readonly BranchService[], chosen: readonly ServiceChoice[], orderId: string): StationError[] {
  const problems: StationError[] = [];
  for (const choice of chosen) {
    const service = offered.find((candidate) => candidate.code === choice.code);
    if (!service) continue;
    const serviceName = service.name || service.code;
    for (const attribute of service.attributes) {
      const attributeName = attribute.name || attribute.code;
      const value = (choice.values[attribute.code] ?? '').trim();
      const params = { orderId, serviceName, attribute: attributeName };
      if (value === '') {
        problems.push(stationError('validation.service-value-required', params));
        continue;
      }
      const rule = attributeRule(attribute.type, attribute.typeDescription);
      if (rule.kind === 'number') {
        const number = /^-?\d+(?:\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
        if (!Number.isFinite(number)) problems.push(stationError('validation.service-value-not-number', { ...params, value }));
        else if ((rule.min !== null && number < rule.min) || (rule.max !== null && number > rule.max)) {
          problems.push(stationError('validation.service-value-out-of-range', { ...params, value, min: rule.min ?? '-', max: rule.max ?? '-' }));
        }
      } else if (rule.kind === 'enum' && !rule.options.some((option) => option.value === value)) {
        problems.push(stationError('validation.service-value-not-allowed', { ...params, value, allowed: rule.options.map((option) => `${option.value} ${option.label}`).join(', ') }));
      }
    }
  }
  return problems;
}
