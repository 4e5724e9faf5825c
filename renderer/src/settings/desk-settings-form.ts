import type { ScaleFraming, ScaleUnit } from '../../../shared/domain/scale';
import { scaleSettingsSchema, type Settings } from '../../../shared/settings/settings-schema';
import { wholeNumberOf } from '../setup/setup-form';

/** Settings → At the desk as the form holds it (numbers as typed text until saved). */
export interface DeskFormValues {
  verify: boolean;
  scaleEnabled: boolean;
  port: string;
  baudRate: number;
  framing: ScaleFraming;
  pollCommand: string;
  unit: ScaleUnit;
  stableMs: string;
  minWeightG: string;
  maxWeightG: string;
}

/** The desk's numeric fields, each checked with the schema main saves it with. */
export type DeskNumberField = 'stableMs' | 'minWeightG' | 'maxWeightG';

/** The range of a numeric desk field (read from its schema, so messages never drift). */
export function deskFieldRange(field: DeskNumberField): { min: number; max: number } {
  const schema = scaleSettingsSchema.shape[field];
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

/** Whether a numeric desk field's text is a value main will save. */
export function isValidDeskNumber(field: DeskNumberField, text: string): boolean {
  return scaleSettingsSchema.shape[field].safeParse(wholeNumberOf(text)).success;
}

/** The form filled from the settings. */
export function deskFormValues(settings: Settings): DeskFormValues {
  const { scale, verification } = settings;
  return {
    verify: verification.enabled,
    scaleEnabled: scale.enabled,
    port: scale.port,
    baudRate: scale.baudRate,
    framing: scale.framing,
    pollCommand: scale.pollCommand,
    unit: scale.unit,
    stableMs: String(scale.stableMs),
    minWeightG: String(scale.minWeightG),
    maxWeightG: String(scale.maxWeightG),
  };
}

/** The settings sections the form describes (validated by main when saved). */
export function deskFromForm(values: DeskFormValues): Pick<Settings, 'scale' | 'verification'> {
  return {
    verification: { enabled: values.verify },
    scale: {
      enabled: values.scaleEnabled,
      port: values.port.trim(),
      baudRate: values.baudRate as Settings['scale']['baudRate'],
      framing: values.framing,
      pollCommand: values.pollCommand,
      unit: values.unit,
      stableMs: wholeNumberOf(values.stableMs),
      minWeightG: wholeNumberOf(values.minWeightG),
      maxWeightG: wholeNumberOf(values.maxWeightG),
    },
  };
}
