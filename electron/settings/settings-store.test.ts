import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings, SettingsPatch } from '../../shared/settings/settings-schema';
import { CURRENT_SETTINGS_VERSION, DEMO_GATEWAY_ACCOUNT, defaultSettings } from '../../shared/settings/settings-schema';
import type { StationError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import { settingsMigrations } from './settings-migrations';
import { createSettingsStore } from './settings-store';

let folder: string;
let filePath: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'settings-store-'));
  filePath = join(folder, 'settings.json');
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** The `settings.invalid` failure an update throws; fails the test when it throws no such failure. */
function invalidUpdateError(patch: unknown): StationFailure {
  const store = createSettingsStore({ filePath });
  try {
    store.update(patch as SettingsPatch);
  } catch (error) {
    if (error instanceof StationFailure && error.error.code === 'settings.invalid') return error;
    throw error;
  }
  throw new Error('the update was accepted');
}

describe('settings store', () => {
  it('starts a new station from the defaults without writing anything', () => {
    const store = createSettingsStore({ filePath });
    expect(store.get()).toEqual(defaultSettings());
    expect(store.loadNotice).toBeNull();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('saves an update, tells the listeners and reads it back after a restart', () => {
    const store = createSettingsStore({ filePath });
    const seen: Settings[] = [];
    const stop = store.onChange((settings) => seen.push(settings));
    const updated = store.update({ gateway: { baseUrl: 'https://gateway.example.com' }, shipFrom: { senderName: '小店' }, ui: { language: 'en' } });
    expect(updated.gateway.baseUrl).toBe('https://gateway.example.com');
    expect(store.get()).toBe(updated);
    expect(seen).toEqual([updated]);
    stop();
    store.update({ ui: { language: null } });
    expect(seen).toHaveLength(1);

    const reopened = createSettingsStore({ filePath });
    expect(reopened.get()).toEqual({ ...updated, ui: { ...updated.ui, language: null } });
    expect(reopened.loadNotice).toBeNull();
    expect(JSON.parse(readFileSync(filePath, 'utf8'))).toEqual(reopened.get());
  });

  it('hands out frozen settings, so that they change only through update', () => {
    const store = createSettingsStore({ filePath });
    expect(() => {
      (store.get().print as { printer: string | null }).printer = 'elsewhere';
    }).toThrow(TypeError);
    expect(() => {
      store.get().print.labelSizeByCarrier.YTO = '100x180';
    }).toThrow(TypeError);
    expect(store.get().print.printer).toBeNull();
  });

  it('does not rewrite the file or call listeners when an update changes nothing', () => {
    const store = createSettingsStore({ filePath });
    store.update({ print: { printer: 'Desk' } });
    const before = statSync(filePath).mtimeMs;
    let calls = 0;
    store.onChange(() => (calls += 1));
    store.update({ print: { printer: 'Desk' } });
    expect(calls).toBe(0);
    expect(statSync(filePath).mtimeMs).toBe(before);
  });

  it.each([
    [{ print: { componentUrl: 'http://127.0.0.1:13528' } }, 'print.componentUrl', 'ws://'],
    [{ gateway: { baseUrl: 'gateway.example.com' } }, 'gateway.baseUrl', 'http'],
    [{ print: { templateUrlByCarrier: { YTO: 'https://x.example/template/custom/1' } } }, 'print.templateUrlByCarrier.YTO', 'template/standard'],
    [{ print: { labelSizeByCarrier: { 'Y T O': '76x130' } } }, 'print.labelSizeByCarrier.Y T O', 'carrier code'],
    [{ shipFrom: { senderName: 'x'.repeat(40) } }, 'shipFrom.senderName', 'at most 39'],
    [{ gateway: { shopID: '123' } }, 'gateway.shopID', 'not a known setting'],
    [{ gateway: { shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: '10001', name: '', colour: 'blue' }] } }, 'gateway.shops.0.merchantUserId', 'number'],
  ])('refuses %j with settings.invalid naming %s', (patch, field, problem) => {
    const failure = invalidUpdateError(patch);
    expect(failure.error.retryable).toBe(false);
    expect(failure.error.params['field']).toBe(field);
    expect(failure.error.params['problem']).toContain(problem);
    expect(failure.message).toContain(field);
    expect(failure.message).toBe(`The setting ${field} was not saved: ${String(failure.error.params['problem'])}`);
  });

  it('leaves the file and the settings untouched when an update is refused', () => {
    const store = createSettingsStore({ filePath });
    store.update({ shipFrom: { senderName: 'kept' } });
    const bytes = readFileSync(filePath);
    let calls = 0;
    store.onChange(() => (calls += 1));
    expect(() => store.update({ shipFrom: { senderName: 'changed' }, gateway: { edition: 'premium' } } as unknown as SettingsPatch)).toThrow(StationFailure);
    expect(store.get().shipFrom.senderName).toBe('kept');
    expect(readFileSync(filePath).equals(bytes)).toBe(true);
    expect(calls).toBe(0);
    expect(readdirSync(folder)).toEqual(['settings.json', 'settings.last-good.json']);
  });

  it('reports a failed save as settings.write-failed and keeps the old settings', () => {
    const store = createSettingsStore({ filePath: join(folder, 'missing-folder', 'settings.json') });
    let thrown: unknown;
    try {
      store.update({ print: { printer: 'Desk' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StationFailure);
    expect((thrown as StationFailure).error).toEqual<StationError>({ code: 'settings.write-failed', params: { reason: 'ENOENT' }, retryable: true });
    expect(thrown).toMatchObject({ message: 'The settings could not be saved (ENOENT).' });
    expect(store.get().print.printer).toBeNull();
  });

  it('fills fields a file lacks with their defaults', () => {
    writeFileSync(filePath, JSON.stringify({ schemaVersion: CURRENT_SETTINGS_VERSION, shipFrom: { senderName: 'only this' } }));
    const store = createSettingsStore({ filePath });
    expect(store.loadNotice).toBeNull();
    const expected = defaultSettings();
    expected.shipFrom.senderName = 'only this';
    expect(store.get()).toEqual(expected);
  });

  it('removes temp files an interrupted save left behind', () => {
    writeFileSync(join(folder, 'settings.json.4242-abcdef.tmp'), '{"half":');
    writeFileSync(join(folder, 'other.json.1-2.tmp'), 'not ours');
    const store = createSettingsStore({ filePath });
    expect(store.loadNotice).toBeNull();
    expect(readdirSync(folder)).toEqual(['other.json.1-2.tmp']);
  });

  it('refuses to start when the settings file exists but cannot be read', () => {
    mkdirSync(filePath);
    expect(() => createSettingsStore({ filePath })).toThrow(
      expect.objectContaining({ error: { code: 'settings.unreadable', params: { filePath, reason: 'EISDIR' }, retryable: false } }) as Error,
    );
  });
});

describe('a corrupt settings file', () => {
  const garbage = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x00, 0x13, 0x37, 0x0a, 0x80]);
  it.each([
    ['garbage bytes', garbage, 'unparsable', 'not valid JSON'],
    ['valid JSON failing the schema', Buffer.from(JSON.stringify({ schemaVersion: 1, print: { componentUrl: 'http://x' } })), 'invalid', 'print.componentUrl'],
    ['JSON that is not an object', Buffer.from('[1, 2, 3]'), 'invalid', 'settings object'],
    ['a future schemaVersion', Buffer.from(JSON.stringify({ ...defaultSettings(), schemaVersion: CURRENT_SETTINGS_VERSION + 1 })), 'future-version', 'newer version'],
  ])('(%s) is set aside with a notice, its bytes kept, and the store starts from the defaults', (_kind, bytes, reason, detail) => {
    writeFileSync(filePath, bytes);
    const store = createSettingsStore({ filePath });
    expect(store.get()).toEqual(defaultSettings());
    const notice = store.loadNotice;
    expect(notice).toMatchObject({ kind: 'corrupt-set-aside', reason });
    expect(notice?.detail).toContain(detail);
    const setAsidePath = notice?.setAsidePath ?? '';
    expect(setAsidePath).toMatch(/[/\\]settings\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json$/);
    expect(readFileSync(setAsidePath).equals(bytes)).toBe(true);
    expect(readdirSync(folder)).toEqual([setAsidePath.slice(folder.length + 1)]);

    store.update({ shipFrom: { senderName: 'after' } });
    expect(readFileSync(setAsidePath).equals(bytes)).toBe(true);
    expect(createSettingsStore({ filePath }).get().shipFrom.senderName).toBe('after');
  });

  it('never overwrites an earlier set-aside file', () => {
    writeFileSync(filePath, 'first');
    const first = createSettingsStore({ filePath }).loadNotice?.setAsidePath;
    writeFileSync(filePath, 'second');
    const second = createSettingsStore({ filePath }).loadNotice?.setAsidePath;
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(readFileSync(first ?? '', 'utf8')).toBe('first');
    expect(readFileSync(second ?? '', 'utf8')).toBe('second');
  });
});

describe('the last-good copy of the settings', () => {
  const lastGoodPath = () => join(folder, 'settings.last-good.json');
  const realGateway = { baseUrl: 'https://gateway.example.com/', shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899, name: '', colour: 'blue' as const }] };

  it('is written beside the file after each save and after a load of a file that had none', () => {
    createSettingsStore({ filePath }).update({ gateway: realGateway });
    expect(readFileSync(lastGoodPath(), 'utf8')).toBe(readFileSync(filePath, 'utf8'));
    rmSync(lastGoodPath());
    const store = createSettingsStore({ filePath });
    expect(store.startedFromDefaults).toBe(false);
    expect(JSON.parse(readFileSync(lastGoodPath(), 'utf8'))).toEqual(store.get());
  });

  it.each([
    ['corrupt', (): void => writeFileSync(filePath, '{"gateway": {"baseUrl": "https://gatew'), 'unparsable'],
    ['newer-version', (): void => writeFileSync(filePath, JSON.stringify({ ...defaultSettings(), schemaVersion: CURRENT_SETTINGS_VERSION + 1 })), 'future-version'],
    ['missing', (): void => rmSync(filePath), 'missing'],
  ])('takes the place of a %s settings file: the real gateway stays, never the demo defaults', (_kind, damage, reason) => {
    createSettingsStore({ filePath }).update({ gateway: realGateway });
    damage();
    const store = createSettingsStore({ filePath });
    expect(store.get().gateway).toMatchObject(realGateway);
    expect(store.startedFromDefaults).toBe(false);
    expect(store.loadNotice).toMatchObject({ kind: 'restored-last-good', reason });
    // The file is whole again, and the unusable one kept aside.
    expect(createSettingsStore({ filePath }).loadNotice).toBeNull();
    expect(readdirSync(folder).filter((name) => name.startsWith('settings.corrupt-'))).toHaveLength(reason === 'missing' ? 0 : 1);
  });

  it('never stops a start when the copy itself cannot be read', () => {
    createSettingsStore({ filePath }).update({ gateway: realGateway });
    rmSync(lastGoodPath());
    mkdirSync(lastGoodPath());
    expect(createSettingsStore({ filePath }).get().gateway).toMatchObject(realGateway);
    writeFileSync(filePath, 'not json');
    const store = createSettingsStore({ filePath });
    expect(store.startedFromDefaults).toBe(true);
    expect(store.loadNotice).toMatchObject({ kind: 'corrupt-set-aside', reason: 'unparsable' });
  });

  it('after a downgrade (file and copy both written by a newer version) leaves the store on the defaults, saying so', () => {
    const newer = JSON.stringify({ ...defaultSettings(), gateway: { ...defaultSettings().gateway, ...realGateway }, schemaVersion: CURRENT_SETTINGS_VERSION + 1 });
    writeFileSync(filePath, newer);
    writeFileSync(lastGoodPath(), newer);
    const store = createSettingsStore({ filePath });
    expect(store.get()).toEqual(defaultSettings());
    expect(store.startedFromDefaults).toBe(true);
    expect(store.loadNotice).toMatchObject({ kind: 'corrupt-set-aside', reason: 'future-version' });
    // The newer copy is not overwritten at start: going back to the newer version finds it.
    expect(readFileSync(lastGoodPath(), 'utf8')).toBe(newer);
  });
});

describe('settings migrations', () => {
  it('has one migration per version up to the current one', () => {
    expect(settingsMigrations).toHaveLength(CURRENT_SETTINGS_VERSION);
  });

  it('migrates a version 0 file (flat, unversioned) and saves it in the current form', () => {
    writeFileSync(
      filePath,
      JSON.stringify({
        base_url: 'https://gateway.example.com/',
        shop_id: '5566',
        seller_nick: '老店',
        user_id: '778899',
        component_url: 'ws://127.0.0.1:13528',
        printer: '',
        need_encrypt: false,
        language: 'zh',
      }),
    );
    const store = createSettingsStore({ filePath });
    expect(store.loadNotice).toBeNull();
    const expected = defaultSettings();
    expected.gateway = { ...expected.gateway, baseUrl: 'https://gateway.example.com/', shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899, name: '', colour: 'blue' }] };
    expected.print = { ...expected.print, printer: null, needEncrypt: false };
    expected.ui = { ...expected.ui, language: 'zh-CN' };
    expect(store.get()).toEqual(expected);
    expect(JSON.parse(readFileSync(filePath, 'utf8'))).toEqual(expected);
    expect(createSettingsStore({ filePath }).get()).toEqual(expected);
  });

  it('takes the defaults for what a version 0 file lacks (an empty base URL meant the sandbox)', () => {
    writeFileSync(filePath, JSON.stringify({ base_url: '', printer: 'Label printer' }));
    const store = createSettingsStore({ filePath });
    const expected = defaultSettings();
    expected.print.printer = 'Label printer';
    expect(store.get()).toEqual(expected);
  });

  it('turns the one shop of a version 1 file into a list of one, keeping the rest of the gateway section', () => {
    const version1 = { ...defaultSettings(), schemaVersion: 1, gateway: { baseUrl: 'https://gateway.example.com/', shopId: '5566', sellerNick: '老店', merchantUserId: 778899, edition: 'enhanced', vvtypeOverrides: { issue: 3 }, orderChannel: 'JD', rateLimitMarginMs: 80 } };
    writeFileSync(filePath, JSON.stringify(version1));
    const store = createSettingsStore({ filePath });
    expect(store.loadNotice).toBeNull();
    expect(store.get().gateway).toEqual({
      baseUrl: 'https://gateway.example.com/',
      shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899, name: '', colour: 'blue' }],
      edition: 'enhanced',
      vvtypeOverrides: { issue: 3 },
      orderChannel: 'JD',
      rateLimitMarginMs: 80,
    });
    expect(JSON.parse(readFileSync(filePath, 'utf8'))).toMatchObject({ schemaVersion: CURRENT_SETTINGS_VERSION, gateway: { shops: [{ shopId: '5566' }] } });
  });

  it('gives a version 1 shop the demo shop values version 1 took for what it left out, and a version 1 file without a shop the default shops', () => {
    writeFileSync(filePath, JSON.stringify({ schemaVersion: 1, gateway: { shopId: '5566' } }));
    expect(createSettingsStore({ filePath }).get().gateway.shops).toEqual([
      { shopId: '5566', sellerNick: DEMO_GATEWAY_ACCOUNT.sellerNick, merchantUserId: DEMO_GATEWAY_ACCOUNT.merchantUserId, name: '', colour: 'blue' },
    ]);
    writeFileSync(filePath, JSON.stringify({ schemaVersion: 1, gateway: { edition: 'enhanced' } }));
    expect(createSettingsStore({ filePath }).get().gateway.shops).toEqual(defaultSettings().gateway.shops);
  });

  it('sets a version 0 file aside when its values do not pass the schema', () => {
    const bytes = JSON.stringify({ base_url: 'ftp://gateway.example.com', shop_id: '5566' });
    writeFileSync(filePath, bytes);
    const store = createSettingsStore({ filePath });
    expect(store.loadNotice).toMatchObject({ reason: 'invalid', detail: expect.stringContaining('gateway.baseUrl') as string });
    expect(readFileSync(store.loadNotice?.setAsidePath ?? '', 'utf8')).toBe(bytes);
    expect(store.get()).toEqual(defaultSettings());
  });

  it('makes a version 2 file’s unverified shared-mode TLS verify the server: require, and off to another computer; off to this computer stays', () => {
    const version2 = (tls: string, host: string) => ({ ...defaultSettings(), schemaVersion: 2, sharedMode: { enabled: true, host, port: 5432, database: 'station', user: 'desk', tls, schema: 'waybill_station', deskName: '' } });
    for (const [tls, host, migrated] of [
      ['require', 'db.warehouse.lan', 'verify-full'],
      ['off', 'db.warehouse.lan', 'verify-full'],
      ['verify-full', 'db.warehouse.lan', 'verify-full'],
      ['off', '127.0.0.1', 'off'],
    ] as const) {
      writeFileSync(filePath, JSON.stringify(version2(tls, host)));
      const store = createSettingsStore({ filePath });
      expect(store.loadNotice).toBeNull();
      expect(store.get().sharedMode).toEqual({ enabled: true, host, port: 5432, database: 'station', user: 'desk', tls: migrated, tlsRootCertificateFile: '', schema: 'waybill_station', deskName: '' });
    }
  });
});
