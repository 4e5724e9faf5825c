import type { z } from 'zod';
import type { NetworkInfo } from '../../../shared/domain/network';
import { CUSTOM_AREA_FIELDS } from '../../../shared/domain/paperwork';
import { GATEWAY_ENDPOINTS, type GatewayEndpointId } from '../../../shared/gateway/endpoints';
import { SENDER_LIMITS } from '../../../shared/gateway/issue-limits';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import {
  gatewaySettingsSchema,
  mergeSettingsPatch,
  printSettingsSchema,
  retentionSettingsSchema,
  balanceForecastSettingsSchema,
  senderPhoneEntrySchema,
  shipFromSettingsSchema,
  vvtypeOverrideSchema,
  type LabelSize,
  type PaperworkSettings,
  type PrintSettings,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings/settings-schema';
import { formValuesFromSettings, settingsPatchFromForm, wholeNumberOf, type SetupFormValues } from '../setup/setup-form';
import { issueOptionsFormValues, issueOptionsFromForm, type IssueOptionsFormValues } from './issue-defaults-form';
import { isEmptyPatch, settingsChanges } from './settings-changes';
import { sharedModeFormValues, sharedModeFromForm, type SharedModeFormValues } from './shared-mode-form';
import { deskFormValues, deskFromForm, type DeskFormValues } from './desk-settings-form';

/**
 * The Settings screen's values and what saving them does. The connection part is the setup
 * form's (the same values, the same patch); the rest is checked field by field with the schemas
 * main validates the settings with, and a save sends only what differs from the stored settings.
 */

/** The printer choice meaning "the print component's default printer" (a real name is never empty). */
export const DEFAULT_PRINTER = '';

/** What the Settings form holds (numbers as typed text until saved). */
export interface SettingsFormValues extends SetupFormValues, IssueOptionsFormValues {
  output: PrintSettings['output'];
  componentUrl: string;
  /** A printer's name, or DEFAULT_PRINTER. */
  printer: string;
  /** Carrier code → label size; a carrier without one uses the default size. */
  labelSizes: Partial<Record<string, LabelSize>>;
  /** Empty for none. */
  customAreaTemplateUrl: string;
  needEncrypt: boolean;
  /** Seconds, as typed. */
  stallSeconds: string;
  errorSound: boolean;
  printDataRetentionDays: string;
  /** Waybills, as typed. */
  balanceWarnBelow: string;
  rateLimitMarginMs: string;
  /** Endpoint → vvtype override as typed; empty uses the edition's number. */
  vvtypeOverrides: Partial<Record<GatewayEndpointId, string>>;
  sharedMode: SharedModeFormValues;
  /** The custom area's fields and the packing slips' printer and paper, as the settings keep them. */
  paperwork: PaperworkSettings;
  desk: DeskFormValues;
}

/** The Settings fields beyond the setup form's, each checked against the settings schema. */
export type SettingsField = 'componentUrl' | 'customAreaTemplateUrl' | 'stallSeconds' | 'senderName' | 'senderPhone' | 'printDataRetentionDays' | 'rateLimitMarginMs' | 'vvtypeOverride' | 'balanceWarnBelow';

/** The smallest and largest number a numeric setting takes (read from its schema, so messages never drift). */
function rangeOf(schema: z.ZodNumber): { min: number; max: number } {
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

/** The limits the field messages name: lengths and ranges as the schemas enforce them. */
export const SETTINGS_FIELD_LIMITS = {
  senderName: { max: SENDER_LIMITS.name },
  senderPhone: { max: SENDER_LIMITS.phone },
  printDataRetentionDays: rangeOf(retentionSettingsSchema.shape.printDataRetentionDays),
  stallSeconds: rangeOf(printSettingsSchema.shape.stallSeconds),
  rateLimitMarginMs: rangeOf(gatewaySettingsSchema.shape.rateLimitMarginMs),
  vvtypeOverride: rangeOf(vvtypeOverrideSchema),
  balanceWarnBelow: rangeOf(balanceForecastSettingsSchema.shape.warnBelowWaybills),
} as const;

/** An optional text as the settings take it: trimmed, null when empty. */
const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

const fieldChecks: Readonly<Record<SettingsField, (text: string) => boolean>> = {
  componentUrl: (text) => printSettingsSchema.shape.componentUrl.safeParse(text.trim()).success,
  customAreaTemplateUrl: (text) => printSettingsSchema.shape.customAreaTemplateUrl.safeParse(orNull(text)).success,
  stallSeconds: (text) => printSettingsSchema.shape.stallSeconds.safeParse(wholeNumberOf(text)).success,
  senderName: (text) => shipFromSettingsSchema.shape.senderName.safeParse(text.trim()).success,
  senderPhone: (text) => senderPhoneEntrySchema.safeParse(text.trim()).success,
  printDataRetentionDays: (text) => retentionSettingsSchema.shape.printDataRetentionDays.safeParse(wholeNumberOf(text)).success,
  rateLimitMarginMs: (text) => gatewaySettingsSchema.shape.rateLimitMarginMs.safeParse(wholeNumberOf(text)).success,
  // Empty: no override, the edition's number is sent.
  vvtypeOverride: (text) => text.trim() === '' || vvtypeOverrideSchema.safeParse(wholeNumberOf(text)).success,
  balanceWarnBelow: (text) => balanceForecastSettingsSchema.shape.warnBelowWaybills.safeParse(wholeNumberOf(text)).success,
};

/** Whether a field's text is a value main will save. */
export function isValidSettingsField(field: SettingsField, text: string): boolean {
  return fieldChecks[field](text);
}

/** The form filled from the current settings. */
export function settingsFormValues(view: SettingsView): SettingsFormValues {
  const { gateway, print, retention, issueOptions } = view.settings;
  return {
    ...formValuesFromSettings(view),
    ...issueOptionsFormValues(issueOptions),
    output: print.output,
    componentUrl: print.componentUrl,
    printer: print.printer ?? DEFAULT_PRINTER,
    labelSizes: { ...print.labelSizeByCarrier },
    customAreaTemplateUrl: print.customAreaTemplateUrl ?? '',
    needEncrypt: print.needEncrypt,
    stallSeconds: String(print.stallSeconds),
    errorSound: print.errorSound,
    printDataRetentionDays: String(retention.printDataRetentionDays),
    balanceWarnBelow: String(view.settings.balanceForecast.warnBelowWaybills),
    rateLimitMarginMs: String(gateway.rateLimitMarginMs),
    vvtypeOverrides: Object.fromEntries(Object.entries(gateway.vvtypeOverrides).map(([endpoint, vvtype]) => [endpoint, String(vvtype)])),
    sharedMode: sharedModeFormValues(view.settings.sharedMode),
    paperwork: { ...view.settings.paperwork, customAreaFields: [...view.settings.paperwork.customAreaFields] },
    desk: deskFormValues(view.settings),
  };
}

/** The settings the form describes, laid over the stored ones (validated by main when saved). */
export function settingsFromForm(values: SettingsFormValues, view: SettingsView): Settings {
  // The setup form's patch over valid settings: a Settings document, whose values main checks.
  const base = mergeSettingsPatch(view.settings, settingsPatchFromForm(values, view)) as Settings;
  const overrides = GATEWAY_ENDPOINTS.flatMap(({ id }) => {
    const text = values.vvtypeOverrides[id]?.trim() ?? '';
    return text === '' ? [] : [[id, wholeNumberOf(text)] as const];
  });
  const labelSizes = Object.entries(values.labelSizes).filter((entry): entry is [string, LabelSize] => entry[1] !== undefined && entry[1] !== null);
  return {
    ...base,
    gateway: { ...base.gateway, vvtypeOverrides: Object.fromEntries(overrides), rateLimitMarginMs: wholeNumberOf(values.rateLimitMarginMs) },
    print: {
      ...base.print,
      output: values.output,
      componentUrl: values.componentUrl.trim(),
      printer: values.printer === DEFAULT_PRINTER ? null : values.printer,
      labelSizeByCarrier: Object.fromEntries(labelSizes),
      customAreaTemplateUrl: orNull(values.customAreaTemplateUrl),
      needEncrypt: values.needEncrypt,
      stallSeconds: wholeNumberOf(values.stallSeconds),
      errorSound: values.errorSound,
    },
    shipFrom: { ...base.shipFrom, senderName: values.senderName.trim(), senderPhone: values.senderPhone.trim() },
    retention: { printDataRetentionDays: wholeNumberOf(values.printDataRetentionDays) },
    balanceForecast: { warnBelowWaybills: wholeNumberOf(values.balanceWarnBelow) },
    issueOptions: issueOptionsFromForm(values),
    sharedMode: sharedModeFromForm(values.sharedMode),
    // The canonical order, so the custom area reads the same on every desk whatever order the boxes were ticked in.
    paperwork: { ...values.paperwork, customAreaFields: CUSTOM_AREA_FIELDS.filter((field) => values.paperwork.customAreaFields.includes(field)) },
    ...deskFromForm(values.desk),
  };
}

/**
 * What saving the form does: the settings change (only what differs), the printer choice when
 * it changed (sent with the settings change in one `settings.update`, which checks the component
 * still offers it), and a new access token when one was typed for a real gateway.
 */
export interface SettingsSave {
  patch: SettingsPatch;
  /** The new printer (null: the default), or undefined when unchanged. */
  printer: string | null | undefined;
  /** A new access token, or null to keep the stored one. */
  token: string | null;
  /** A new password of the shared database, or null to keep the stored one. */
  sharedPassword: string | null;
}

/** The steps that save the form over the current settings. */
export function settingsSave(values: SettingsFormValues, view: SettingsView): SettingsSave {
  const { print, ...sections } = settingsChanges(view.settings, settingsFromForm(values, view));
  const { printer, ...printChanges } = print ?? {};
  const patch: SettingsPatch = Object.keys(printChanges).length > 0 ? { ...sections, print: printChanges } : sections;
  const token = values.gatewayMode === 'real' && values.token.trim() !== '' ? values.token.trim() : null;
  const sharedPassword = values.sharedMode.password === '' ? null : values.sharedMode.password;
  return { patch, printer, token, sharedPassword };
}

/** Whether saving would change anything. */
export function hasUnsavedChanges(save: SettingsSave): boolean {
  return !isEmptyPatch(save.patch) || save.printer !== undefined || save.token !== null || save.sharedPassword !== null;
}

/**
 * The carriers a label size can be set for: those the network info offers, those with a template
 * in the form, and those that already have a size stored — each once, sorted.
 */
export function knownCarrierCodes(network: NetworkInfo | undefined, values: Pick<SettingsFormValues, 'templates' | 'labelSizes'>): string[] {
  const codes = [
    ...(network?.carriers.map((carrier) => carrier.carrierCode) ?? []),
    ...values.templates.map((row) => row.carrierCode),
    ...Object.keys(values.labelSizes),
  ];
  return [...new Set(codes.filter((code): code is string => typeof code === 'string' && code !== ''))].sort();
}
