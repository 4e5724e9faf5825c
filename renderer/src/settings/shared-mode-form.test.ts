import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import { defaultSettings, mergeSettingsPatch, settingsPatchSchema, settingsSchema } from '../../../shared/settings/settings-schema';
import { hasUnsavedChanges, settingsFormValues, settingsSave } from './settings-form';
import { isValidSharedModeField, isValidSharedModePassword, isValidSharedModeTls } from './shared-mode-form';

const view = (): SettingsView => ({ settings: defaultSettings(), token: { isSet: false, lastFour: null, unreadable: null, weakProtection: false } });

describe('the Shared mode part of the Settings form', () => {
  it('starts off, on the default schema, verifying the server, with the computer’s name as the desk’s, and nothing to save', () => {
    const values = settingsFormValues(view());
    expect(values.sharedMode).toEqual({ enabled: false, host: '', port: '5432', database: '', user: '', tls: 'verify-full', tlsRootCertificateFile: '', schema: 'waybill_station', deskName: '', password: '' });
    expect(hasUnsavedChanges(settingsSave(values, view()))).toBe(false);
  });

  it('saves the connection as settings (trimmed, the port a number) and the password apart, never in the settings', () => {
    const values = settingsFormValues(view());
    values.sharedMode = { ...values.sharedMode, enabled: true, host: ' db.warehouse.lan ', port: '6432', database: 'station', user: 'desk', tls: 'verify-ca', tlsRootCertificateFile: ' /etc/station/root.crt ', deskName: ' Desk 2 ', password: 's3cret!' };
    const save = settingsSave(values, view());
    expect(save.patch).toEqual({ sharedMode: { enabled: true, host: 'db.warehouse.lan', port: 6432, database: 'station', user: 'desk', tls: 'verify-ca', tlsRootCertificateFile: '/etc/station/root.crt', deskName: 'Desk 2' } });
    expect(save.sharedPassword).toBe('s3cret!');
    expect(JSON.stringify(save.patch)).not.toContain('s3cret!');
    expect(settingsSchema.parse(mergeSettingsPatch(view().settings, settingsPatchSchema.parse(save.patch))).sharedMode.port).toBe(6432);
  });

  it('checks each field as main does', () => {
    expect(isValidSharedModeField('port', '5432')).toBe(true);
    expect(isValidSharedModeField('port', '0')).toBe(false);
    expect(isValidSharedModeField('port', '70000')).toBe(false);
    expect(isValidSharedModeField('schema', 'account_2')).toBe(true);
    expect(isValidSharedModeField('schema', 'Account-2')).toBe(false);
    expect(isValidSharedModeField('schema', '')).toBe(false);
    expect(isValidSharedModeField('host', ' padded ')).toBe(true);
    expect(isValidSharedModeField('deskName', 'x'.repeat(65))).toBe(false);
    expect(isValidSharedModePassword('')).toBe(true);
    expect(isValidSharedModePassword('with space')).toBe(false);
    expect(isValidSharedModeField('tlsRootCertificateFile', '')).toBe(true);
    expect(isValidSharedModeField('tlsRootCertificateFile', 'C:\\certs\\root.crt')).toBe(true);
    expect(isValidSharedModeField('tlsRootCertificateFile', 'root.crt')).toBe(false);
  });

  it('allows TLS off only for a server on this computer, as main does when saving', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '/var/run/postgresql']) expect(isValidSharedModeTls('off', host)).toBe(true);
    expect(isValidSharedModeTls('off', 'db.warehouse.lan')).toBe(false);
    expect(isValidSharedModeTls('verify-full', 'db.warehouse.lan')).toBe(true);
    const patch = settingsPatchSchema.parse({ sharedMode: { host: 'db.warehouse.lan', tls: 'off' } });
    const saved = settingsSchema.safeParse(mergeSettingsPatch(view().settings, patch));
    expect(saved.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['sharedMode.tls']);
  });
});
