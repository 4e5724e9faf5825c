import type { IssueOptionsSettings } from '../../../shared/settings/settings-schema';
import { carrierIssueDefaultsSchema, issueOptionsSettingsSchema, ORDER_STATUS_NAME_MAX } from '../../../shared/settings/settings-schema';

/**
 * The per-carrier issue defaults (services, package weight and volume, monthly card per branch,
 * brand) and the held-back order statuses as the Settings form holds them (numbers as typed
 * text), and back into the settings' issue options.
 */

/** One service in the form: ticked or not, with a value per attribute code. */
export interface ServiceFormValue {
  on: boolean;
  values: Record<string, string>;
}

/** One carrier's defaults in the form. */
export interface CarrierDefaultsFormValues {
  services: Record<string, ServiceFormValue>;
  weightG: string;
  volumeMl: string;
  brandCode: string;
  /** Branch code → monthly card number as typed ('' for none). */
  customerCodes: Record<string, string>;
}

/** The issue-options part of the Settings form. */
export interface IssueOptionsFormValues {
  /** Carrier code → its defaults (a carrier never touched may be absent). */
  issueDefaults: Record<string, CarrierDefaultsFormValues | undefined>;
  /** order_status values held back, as typed. */
  heldBackStatuses: string[];
  /** Shop id → its order status names as typed, one row each (a row may be half filled while typed). */
  orderStatusNames: Record<string, Array<Partial<OrderStatusNameRow> | undefined> | undefined>;
}

/** One named order status in the form. */
export interface OrderStatusNameRow {
  status: string;
  name: string;
}

/** Whether a typed order status (of a name row) is a whole number the settings take. */
export function isValidNamedStatus(text: string): boolean {
  return /^-?\d{1,7}$/.test(text.trim());
}

/** Whether a typed status name is one the settings take. */
export function isValidStatusName(text: string): boolean {
  return text.trim() !== '' && text.trim().length <= ORDER_STATUS_NAME_MAX;
}

/** A measure as typed: '' for none, else the number (NaN when it is none). */
export const measureOf = (text: string): number | null => (text.trim() === '' ? null : /^\d+(?:\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Whether a typed weight or volume is one the settings take: empty, or a positive number. */
export function isValidMeasure(text: string): boolean {
  return carrierIssueDefaultsSchema.shape.weightG.safeParse(measureOf(text)).success;
}

/** Whether a typed brand code is one the settings take. */
export function isValidBrandCode(text: string): boolean {
  return carrierIssueDefaultsSchema.shape.brandCode.safeParse(text.trim()).success;
}

/** Whether a typed monthly card number is one the settings take (empty: none). */
export function isValidCustomerCode(text: string): boolean {
  return text.trim() === '' || carrierIssueDefaultsSchema.shape.customerCodeByBranch.safeParse({ branch: text.trim() }).success;
}

/** Whether the typed held-back statuses are whole numbers the settings take. */
export function isValidHeldBackStatuses(texts: readonly string[]): boolean {
  return texts.every((text) => /^-?\d+$/.test(text.trim())) && issueOptionsSettingsSchema.shape.heldBackOrderStatuses.safeParse(texts.map((text) => Number(text.trim()))).success;
}

/** The form's values from the stored issue options. */
export function issueOptionsFormValues(options: IssueOptionsSettings): IssueOptionsFormValues {
  return {
    issueDefaults: Object.fromEntries(
      Object.entries(options.byCarrier).map(([carrierCode, defaults]) => [
        carrierCode,
        {
          services: Object.fromEntries(defaults.services.map((service) => [service.code, { on: true, values: { ...service.values } }])),
          weightG: defaults.weightG === null ? '' : String(defaults.weightG),
          volumeMl: defaults.volumeMl === null ? '' : String(defaults.volumeMl),
          brandCode: defaults.brandCode,
          customerCodes: { ...defaults.customerCodeByBranch },
        },
      ]),
    ),
    heldBackStatuses: options.heldBackOrderStatuses.map(String),
    orderStatusNames: Object.fromEntries(
      Object.entries(options.orderStatusNamesByShop).map(([shopId, names]) => [
        shopId,
        Object.entries(names)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([status, name]) => ({ status, name })),
      ]),
    ),
  };
}

/** The issue options the form describes; a carrier whose defaults are all empty is left out. */
export function issueOptionsFromForm(values: IssueOptionsFormValues): IssueOptionsSettings {
  const byCarrier = Object.entries(values.issueDefaults ?? {}).flatMap(([carrierCode, form]) => {
    if (!form) return [];
    const services = Object.entries(form.services ?? {})
      .filter(([, service]) => service?.on)
      .map(([code, service]) => ({ code, values: Object.fromEntries(Object.entries(service.values ?? {}).map(([attribute, value]) => [attribute, (value ?? '').trim()])) }));
    const customerCodeByBranch = Object.fromEntries(
      Object.entries(form.customerCodes ?? {}).flatMap(([branchCode, text]) => ((text ?? '').trim() === '' ? [] : [[branchCode, (text ?? '').trim()]])),
    );
    const defaults = {
      services,
      weightG: measureOf(form.weightG ?? ''),
      volumeMl: measureOf(form.volumeMl ?? ''),
      customerCodeByBranch,
      brandCode: (form.brandCode ?? '').trim(),
    };
    const empty = services.length === 0 && defaults.weightG === null && defaults.volumeMl === null && Object.keys(customerCodeByBranch).length === 0 && defaults.brandCode === '';
    return empty ? [] : [[carrierCode, defaults] as const];
  });
  return {
    byCarrier: Object.fromEntries(byCarrier),
    heldBackOrderStatuses: [...new Set((values.heldBackStatuses ?? []).map((text) => Number(text.trim())))].sort((a, b) => a - b),
    orderStatusNamesByShop: Object.fromEntries(
      Object.entries(values.orderStatusNames ?? {}).flatMap(([shopId, rows]) => {
        // A row left empty is no name; the status is kept as its number (so "03" and "3" are one).
        const names = (rows ?? []).flatMap((row) => (row && (row.status ?? '').trim() !== '' && (row.name ?? '').trim() !== '' ? [[String(Number(row.status?.trim())), (row.name ?? '').trim()] as const] : []));
        return names.length === 0 ? [] : [[shopId, Object.fromEntries(names)] as const];
      }),
    ),
  };
}
