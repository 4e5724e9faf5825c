import type { BranchService } from '../domain/network';

/**
 * The logistics value-added services (增值服务) of an issue call: which of the branch's services
 * (`service_info_cols`) go with a waybill, with a value for each of their attributes, and the
 * `logistics_services` JSON text the gateway takes (domain-facts.md "Issuing":
 * `{"SVC-INSURE":{"value":"1000"}}`, '' for none).
 */

/** One chosen service: its code and a value per attribute code (all as text, as the gateway takes them). */
export interface ServiceChoice {
  code: string;
  values: Record<string, string>;
}

/**
 * The choices to send at a branch: every service the branch marks required (in the branch's
 * order, with whatever values were chosen for it), then the other chosen ones. A required service
 * is never left out, whatever the choice says.
 */
export function withRequiredServices(offered: readonly BranchService[], chosen: readonly ServiceChoice[]): ServiceChoice[] {
  const byCode = new Map(chosen.map((choice) => [choice.code, choice]));
  const required = offered.filter((service) => service.required).map((service) => byCode.get(service.code) ?? { code: service.code, values: {} });
  const requiredCodes = new Set(required.map((choice) => choice.code));
  return [...required, ...chosen.filter((choice) => !requiredCodes.has(choice.code))];
}

/** Lays per-order values over the job's values, service by service and attribute by attribute. */
export function overrideServiceValues(chosen: readonly ServiceChoice[], overrides: Readonly<Record<string, Record<string, string>>> | undefined): ServiceChoice[] {
  if (!overrides) return [...chosen];
  return chosen.map((choice) => ({ code: choice.code, values: { ...choice.values, ...(overrides[choice.code] ?? {}) } }));
}

/** `logistics_services` as JSON text: `{"<code>":{"<attribute>":"<value>"}}`, values trimmed; '' when none is chosen. */
export function logisticsServicesText(chosen: readonly ServiceChoice[]): string {
  if (chosen.length === 0) return '';
  return JSON.stringify(
    Object.fromEntries(chosen.map((choice) => [choice.code, Object.fromEntries(Object.entries(choice.values).map(([attribute, value]) => [attribute, value.trim()]))])),
  );
}

/** What an attribute's `type_desc` says about its values: a number range, a list of options, or nothing known. */
export type AttributeRule =
  | { kind: 'number'; min: number | null; max: number | null }
  | { kind: 'enum'; options: { value: string; label: string }[] }
  | { kind: 'text' };

function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const numberOrNull = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
};

/**
 * Reads an attribute's type (`attribute_type`) and description (`type_desc`): a `number` with
 * `{"min":"1","max":"50000"}`, an `enum` with `{"<value>":"<label>"}`; anything else is free text.
 * The spec gives no grammar for them: what cannot be read is treated as text, never guessed.
 */
export function attributeRule(type: string, typeDescription: string): AttributeRule {
  const description = parsedObject(typeDescription);
  if (type.toLowerCase() === 'number') return { kind: 'number', min: numberOrNull(description?.min), max: numberOrNull(description?.max) };
  if (type.toLowerCase() === 'enum' && description) {
    return { kind: 'enum', options: Object.entries(description).map(([value, label]) => ({ value, label: String(label) })) };
  }
  return { kind: 'text' };
}
