import { describe, expect, it } from 'vitest';
import { EDITION_VVTYPES } from '../gateway/editions';
import {
  DEFAULT_LABEL_SIZE,
  DEFAULT_PRINT_COMPONENT_URL,
  defaultSettings,
  describeSettingsIssue,
  labelSizeFor,
  mergeSettingsPatch,
  settingsPatchSchema,
  settingsSchema,
} from './settings-schema';

describe('settings schema', () => {
  it('gives a new station valid demo-mode settings', () => {
    const settings = defaultSettings();
    expect(settingsSchema.parse(settings)).toEqual(settings);
    expect(settings.gateway.baseUrl).toBeNull();
    expect(settings.gateway.orderChannel).toBe('TB');
    expect(Object.keys(EDITION_VVTYPES)).toContain(settings.gateway.edition);
    expect(settings.print.componentUrl).toBe(DEFAULT_PRINT_COMPONENT_URL);
    expect(settings.print.componentUrl).toBe('ws://127.0.0.1:13528');
    expect(settings.print.needEncrypt).toBe(true);
    expect(settings.ui.language).toBeNull();
    expect(settings.ui.setupCompleted).toBe(false);
  });

  it('answers a fresh object each time, so that no caller can change the defaults', () => {
    const first = defaultSettings();
    first.print.labelSizeByCarrier.YTO = '100x180';
    expect(defaultSettings().print.labelSizeByCarrier).toEqual({});
  });

  it.each([
    ['gateway.baseUrl', { gateway: { baseUrl: 'ftp://gateway.example' } }],
    ['gateway.baseUrl', { gateway: { baseUrl: 'not a url' } }],
    ['gateway.shops.0.shopId', { gateway: { shops: [{ shopId: '', sellerNick: 'n', merchantUserId: 1, name: '', colour: 'blue' }] } }],
    ['gateway.shops.0.merchantUserId', { gateway: { shops: [{ shopId: 's', sellerNick: 'n', merchantUserId: 1.5, name: '', colour: 'blue' }] } }],
    ['gateway.shops.0.colour', { gateway: { shops: [{ shopId: 's', sellerNick: 'n', merchantUserId: 1, name: '', colour: 'pink' }] } }],
    ['gateway.shops', { gateway: { shops: [] } }],
    ['gateway.shops', { gateway: { shops: [{ shopId: 's', sellerNick: 'n', merchantUserId: 1, name: '', colour: 'blue' }, { shopId: 's', sellerNick: 'm', merchantUserId: 2, name: '', colour: 'red' }] } }],
    ['gateway.edition', { gateway: { edition: 'premium' } }],
    ['gateway.orderChannel', { gateway: { orderChannel: 'TAOBAO' } }],
    ['gateway.vvtypeOverrides.unknown-endpoint', { gateway: { vvtypeOverrides: { 'unknown-endpoint': 1 } } }],
    ['print.componentUrl', { print: { componentUrl: 'http://127.0.0.1:13528' } }],
    ['print.labelSizeByCarrier.YTO', { print: { labelSizeByCarrier: { YTO: '80x120' } } }],
    ['print.templateUrlByCarrier.YTO', { print: { templateUrlByCarrier: { YTO: 'http://cloudprint.cainiao.com/template/standard/101' } } }],
    ['print.templateUrlByCarrier.YTO', { print: { templateUrlByCarrier: { YTO: 'https://cloudprint.cainiao.com/template/customArea/101/1' } } }],
    ['print.customAreaTemplateUrl', { print: { customAreaTemplateUrl: 'https://cloudprint.cainiao.com/template/standard/101' } }],
    ['shipFrom.senderName', { shipFrom: { senderName: '张'.repeat(40) } }],
    ['shipFrom.senderAddress.province', { shipFrom: { senderAddress: { province: '', city: null, district: null, town: null, detail: 'x' } } }],
    ['ui.language', { ui: { language: 'fr' } }],
    ['ui.setupCompleted', { ui: { setupCompleted: 'yes' } }],
    ['retention.printDataRetentionDays', { retention: { printDataRetentionDays: 0 } }],
  ])('refuses a bad %s', (field, patch) => {
    const patched = settingsPatchSchema.safeParse(patch);
    const merged = settingsSchema.safeParse(mergeSettingsPatch(defaultSettings(), patch));
    for (const result of [patched, merged]) {
      expect(result.success).toBe(false);
      const issue = result.error?.issues[0];
      expect(issue && describeSettingsIssue(issue).field).toBe(field);
    }
  });

  it('accepts standard template addresses with and without version, and counts characters as the gateway does', () => {
    const patch = {
      print: {
        templateUrlByCarrier: {
          YTO: 'https://cloudprint.cainiao.com/template/standard/101',
          ZTO: 'https://cloudprint.cainiao.com/template/standard/300336/92',
        },
        customAreaTemplateUrl: 'https://cloudprint.cainiao.com/template/customArea/440439/4',
      },
      shipFrom: { senderName: '张'.repeat(39) },
    };
    expect(settingsPatchSchema.safeParse(patch).success).toBe(true);
    expect(settingsSchema.safeParse(mergeSettingsPatch(defaultSettings(), patch)).success).toBe(true);
  });

  it('refuses unknown sections and fields in a patch', () => {
    expect(settingsPatchSchema.safeParse({ gateway: { shopID: '1' } }).error?.issues[0]?.code).toBe('unrecognized_keys');
    expect(settingsPatchSchema.safeParse({ token: 'x' }).error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('merges sections field by field and maps key by key, a null removing a key', () => {
    let settings = defaultSettings();
    const apply = (patch: unknown) => {
      settings = settingsSchema.parse(mergeSettingsPatch(settings, settingsPatchSchema.parse(patch)));
    };
    apply({ print: { labelSizeByCarrier: { YTO: '100x180', ZTO: '76x130' }, printer: 'Desk printer' } });
    apply({ print: { labelSizeByCarrier: { YTO: null, STO: '100x180' } } });
    expect(settings.print.labelSizeByCarrier).toEqual({ ZTO: '76x130', STO: '100x180' });
    expect(settings.print.printer).toBe('Desk printer');
    apply({ gateway: { vvtypeOverrides: { 'sold-orders': 1 } } });
    apply({ gateway: { vvtypeOverrides: { issue: 2 } } });
    apply({ gateway: { vvtypeOverrides: { 'sold-orders': null } } });
    expect(settings.gateway.vvtypeOverrides).toEqual({ issue: 2 });
    apply({ print: { printer: null } });
    expect(settings.print.printer).toBeNull();
    expect(labelSizeFor(settings.print, 'STO')).toBe('100x180');
    expect(labelSizeFor(settings.print, 'YTO')).toBe(DEFAULT_LABEL_SIZE);
  });

  it('replaces the sender address as a whole', () => {
    const address = { province: '浙江省', city: '杭州市', district: '余杭区', town: null, detail: '文一西路 969 号' };
    const withAddress = settingsSchema.parse(mergeSettingsPatch(defaultSettings(), { shipFrom: { senderAddress: address } }));
    expect(withAddress.shipFrom.senderAddress).toEqual(address);
    const cleared = settingsSchema.parse(mergeSettingsPatch(withAddress, { shipFrom: { senderAddress: null } }));
    expect(cleared.shipFrom.senderAddress).toBeNull();
  });

  it('never lets a __proto__ key in a file or patch reach an object prototype', () => {
    const merged = mergeSettingsPatch(defaultSettings(), JSON.parse('{"__proto__":{"polluted":true},"print":{"__proto__":{"polluted":true}}}'));
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(settingsSchema.parse(merged)).toEqual(defaultSettings());
  });

  it('leaves its arguments unchanged', () => {
    const base = defaultSettings();
    const patch = { print: { labelSizeByCarrier: { YTO: '100x180' } } };
    mergeSettingsPatch(base, patch);
    expect(base).toEqual(defaultSettings());
    expect(patch).toEqual({ print: { labelSizeByCarrier: { YTO: '100x180' } } });
  });
});
