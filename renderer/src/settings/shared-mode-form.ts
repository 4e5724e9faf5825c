import { sharedModeSettingsSchema, sharedTlsOffAllowed, type SharedModeSettings } from '../../../shared/settings/settings-schema';
import { wholeNumberOf } from '../setup/setup-form';

/** What the Shared mode part of the Settings form holds (the port as typed; a new password, never the stored one). */
export interface SharedModeFormValues {
  enabled: boolean;
  host: string;
  port: string;
  database: string;
  user: string;
  tls: SharedModeSettings['tls'];
  /** The root certificate's PEM file; empty: the system's trusted roots. */
  tlsRootCertificateFile: string;
  schema: string;
  /** Empty: the computer's name. */
  deskName: string;
  /** A new password; empty keeps the stored one. */
  password: string;
}

/** The Shared mode fields checked against the settings schema as typed. */
export type SharedModeField = 'host' | 'port' | 'database' | 'user' | 'tlsRootCertificateFile' | 'schema' | 'deskName';

const shape = sharedModeSettingsSchema.shape;
const fieldChecks: Readonly<Record<SharedModeField, (text: string) => boolean>> = {
  host: (text) => shape.host.safeParse(text.trim()).success,
  port: (text) => shape.port.safeParse(wholeNumberOf(text)).success,
  database: (text) => shape.database.safeParse(text.trim()).success,
  user: (text) => shape.user.safeParse(text.trim()).success,
  tlsRootCertificateFile: (text) => shape.tlsRootCertificateFile.safeParse(text.trim()).success,
  schema: (text) => shape.schema.safeParse(text.trim()).success,
  deskName: (text) => shape.deskName.safeParse(text.trim()).success,
};

/** Whether a Shared mode field's text is a value main will save. */
export function isValidSharedModeField(field: SharedModeField, text: string): boolean {
  return fieldChecks[field](text);
}

/** Whether the TLS choice fits the host as typed: off only for a server on this computer (main refuses the rest when saved). */
export function isValidSharedModeTls(tls: SharedModeSettings['tls'], host: string): boolean {
  return tls !== 'off' || sharedTlsOffAllowed(host.trim());
}

/** A password as the vault keeps it: visible ASCII, no spaces, empty to keep the stored one. */
export function isValidSharedModePassword(text: string): boolean {
  return /^[\x21-\x7e]{0,1024}$/.test(text);
}

/** The Shared mode form filled from the settings. */
export function sharedModeFormValues(settings: SharedModeSettings): SharedModeFormValues {
  return { ...settings, port: String(settings.port), password: '' };
}

/** The shared-mode settings the form describes (validated by main when saved). */
export function sharedModeFromForm(values: SharedModeFormValues): SharedModeSettings {
  return {
    enabled: values.enabled,
    host: values.host.trim(),
    port: wholeNumberOf(values.port),
    database: values.database.trim(),
    user: values.user.trim(),
    tls: values.tls,
    tlsRootCertificateFile: values.tlsRootCertificateFile.trim(),
    schema: values.schema.trim(),
    deskName: values.deskName.trim(),
  };
}
