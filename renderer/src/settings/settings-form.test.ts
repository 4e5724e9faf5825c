import { describe, expect, it } from 'vitest';
import type { NetworkInfo } from '../../../shared/domain/network';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import { defaultSettings, mergeSettingsPatch, settingsPatchSchema, settingsSchema } from '../../../shared/settings/settings-schema';
import {
  DEFAULT_PRINTER,
  SETTINGS_FIELD_LIMITS,
  hasUnsavedChanges,
  isValidSettingsField,
  knownCarrierCodes,
  settingsFormValues,
  settingsSave,
  type SettingsFormValues,
} from './settings-form';
import { isValidHeldBackStatuses, isValidMeasure } from './issue-defaults-form';

const storedView = (): SettingsView => {
  const settings = defaultSettings();
  settings.print.labelSizeByCarrier = { ZTO: '100x180' };
  settings.print.templateUrlByCarrier = { ZTO: 'https://cloudprint.cainiao.com/template/standard/201/5' };
  settings.gateway.vvtypeOverrides = { issue: 2 };
  settings.shipFrom = { ...settings.shipFrom, carrierCode: 'ZTO', branchCode: 'B1', senderName: '李四', senderPhone: '13800000000' };
  return { settings, token: { isSet: false, lastFour: null, unreadable: null, weakProtection: false } };
};

/** Saves as the screen and main would: the patch through the contract's schema, merged, the whole validated. */
function saved(values: SettingsFormValues, view = storedView()) {
  const { patch } = settingsSave(values, view);
  return settingsSchema.parse(mergeSettingsPatch(view.settings, settingsPatchSchema.parse(patch)));
}

describe('the Settings form', () => {
  it('starts from the stored settings and has nothing to save', () => {
    const values = settingsFormValues(storedView());
    expect(values).toMatchObject({ printer: DEFAULT_PRINTER, labelSizes: { ZTO: '100x180' }, senderName: '李四', printDataRetentionDays: '30', rateLimitMarginMs: '50', vvtypeOverrides: { issue: '2' } });
    const save = settingsSave(values, storedView());
    expect(save).toEqual({ patch: {}, printer: undefined, token: null, sharedPassword: null });
    expect(hasUnsavedChanges(save)).toBe(false);
  });

  it('saves only the fields that changed', () => {
    const values = { ...settingsFormValues(storedView()), senderName: ' 王小满 ', senderPhone: '0571-8888 6666', printDataRetentionDays: '90' };
    const save = settingsSave(values, storedView());
    expect(save.patch).toEqual({ shipFrom: { senderName: '王小满', senderPhone: '0571-8888 6666' }, retention: { printDataRetentionDays: 90 } });
    expect(saved(values).shipFrom).toMatchObject({ carrierCode: 'ZTO', branchCode: 'B1', senderName: '王小满' });
  });

  it('saves a carrier’s services, measures, brand and monthly card, and the held-back statuses', () => {
    const values: SettingsFormValues = {
      ...settingsFormValues(storedView()),
      issueDefaults: {
        ZTO: {
          services: { 'SVC-INSURE': { on: true, values: { value: ' 300 ' } }, 'SVC-COD': { on: false, values: { value: '50' } } },
          weightG: '500',
          volumeMl: '',
          brandCode: 'ZTO-B',
          customerCodes: { '57118': ' 5710012345 ', '57112': '' },
        },
        // Touched but left empty: nothing stored.
        YTO: { services: {}, weightG: '', volumeMl: '', brandCode: '', customerCodes: {} },
      },
      heldBackStatuses: ['3', '2'],
    };
    const { patch } = settingsSave(values, storedView());
    expect(patch).toEqual({
      issueOptions: {
        byCarrier: { ZTO: { services: [{ code: 'SVC-INSURE', values: { value: '300' } }], weightG: 500, volumeMl: null, brandCode: 'ZTO-B', customerCodeByBranch: { '57118': '5710012345' } } },
        heldBackOrderStatuses: [2, 3],
      },
    });
    const settings = saved(values);
    expect(settingsFormValues({ ...storedView(), settings })).toMatchObject({ heldBackStatuses: ['2', '3'], issueDefaults: { ZTO: { weightG: '500', brandCode: 'ZTO-B' } } });
    expect(isValidMeasure('0')).toBe(false);
    expect(isValidMeasure('1.5')).toBe(true);
    expect(isValidHeldBackStatuses(['2', 'x'])).toBe(false);
  });

  it('takes a sender phone that is a mobile, a landline or one of each, and refuses other digits', () => {
    for (const phone of ['13857100123', '0571-88012345-801', '13857100123 / 0571-88012345']) expect(isValidSettingsField('senderPhone', phone), phone).toBe(true);
    for (const phone of ['12345', '88012345', '1385710012']) expect(isValidSettingsField('senderPhone', phone), phone).toBe(false);
  });

  it('sets and clears label sizes and vvtype overrides key by key', () => {
    const values: SettingsFormValues = {
      ...settingsFormValues(storedView()),
      labelSizes: { ZTO: undefined, YTO: '100x180' },
      vvtypeOverrides: { issue: ' ', 'sold-orders': '1' },
      rateLimitMarginMs: '120',
    };
    const { patch } = settingsSave(values, storedView());
    expect(patch).toEqual({
      gateway: { vvtypeOverrides: { issue: null, 'sold-orders': 1 }, rateLimitMarginMs: 120 },
      print: { labelSizeByCarrier: { YTO: '100x180', ZTO: null } },
    });
    const settings = saved(values);
    expect(settings.gateway.vvtypeOverrides).toEqual({ 'sold-orders': 1 });
    expect(settings.print.labelSizeByCarrier).toEqual({ YTO: '100x180' });
  });

  it('saves print output, component address, custom area and encryption; the printer apart', () => {
    const values: SettingsFormValues = {
      ...settingsFormValues(storedView()),
      output: 'os-printer',
      needEncrypt: false,
      componentUrl: ' ws://127.0.0.1:13529 ',
      customAreaTemplateUrl: 'https://cloudprint.cainiao.com/template/customArea/77/1',
      printer: 'HPRT N41',
    };
    const save = settingsSave(values, storedView());
    expect(save.printer).toBe('HPRT N41');
    expect(save.patch).toEqual({
      print: { output: 'os-printer', needEncrypt: false, componentUrl: 'ws://127.0.0.1:13529', customAreaTemplateUrl: 'https://cloudprint.cainiao.com/template/customArea/77/1' },
    });
    expect(settingsSave({ ...settingsFormValues(storedView()), customAreaTemplateUrl: '' }, storedView()).patch).toEqual({});
    // Back to the default printer from a chosen one.
    const chosen = storedView();
    chosen.settings.print.printer = 'HPRT N41';
    expect(settingsSave({ ...settingsFormValues(chosen), printer: DEFAULT_PRINTER }, chosen).printer).toBeNull();
  });

  it('saves the paperwork choices with the rest: only what changed, the custom area in its canonical order', () => {
    const values = settingsFormValues(storedView());
    expect(settingsSave(values, storedView()).patch).toEqual({});
    const changed: SettingsFormValues = { ...values, paperwork: { ...values.paperwork, customAreaFields: ['totalCount', 'goods'], slipPrinter: 'PDF', slipsWithLabels: true } };
    expect(settingsSave(changed, storedView()).patch).toEqual({ paperwork: { customAreaFields: ['goods', 'totalCount'], slipPrinter: 'PDF', slipsWithLabels: true } });
  });

  it('takes the connection from the setup form: a real gateway with a new token', () => {
    const values: SettingsFormValues = {
      ...settingsFormValues(storedView()),
      gatewayMode: 'real',
      baseUrl: 'https://gateway.example.com',
      token: ' secret-token ',
      shopId: '5566',
      sellerNick: '老店',
      merchantUserId: '778899',
      edition: 'enhanced',
    };
    const save = settingsSave(values, storedView());
    expect(save.token).toBe('secret-token');
    // The real account's fields start empty (never the demo shop's): what is typed is saved.
    expect(save.patch.gateway).toMatchObject({ baseUrl: 'https://gateway.example.com', shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899 }], edition: 'enhanced' });
    expect(save.patch).not.toHaveProperty('print');
    // A token typed while demo mode is chosen is not stored.
    expect(settingsSave({ ...values, gatewayMode: 'demo' }, storedView()).token).toBeNull();
  });

  it('checks each field with the settings schema and its limits', () => {
    expect(isValidSettingsField('senderPhone', '+86 (571) 8888-6666')).toBe(true);
    expect(isValidSettingsField('senderPhone', '138abc')).toBe(false);
    expect(isValidSettingsField('senderPhone', '1'.repeat(SETTINGS_FIELD_LIMITS.senderPhone.max + 1))).toBe(false);
    expect(isValidSettingsField('senderName', '王'.repeat(SETTINGS_FIELD_LIMITS.senderName.max))).toBe(true);
    expect(isValidSettingsField('senderName', '王'.repeat(SETTINGS_FIELD_LIMITS.senderName.max + 1))).toBe(false);
    expect(SETTINGS_FIELD_LIMITS.rateLimitMarginMs).toEqual({ min: 0, max: 1000 });
    expect(isValidSettingsField('rateLimitMarginMs', '1000')).toBe(true);
    expect(isValidSettingsField('rateLimitMarginMs', '5000')).toBe(false);
    expect(isValidSettingsField('rateLimitMarginMs', '')).toBe(false);
    expect(SETTINGS_FIELD_LIMITS.printDataRetentionDays).toEqual({ min: 1, max: 3650 });
    expect(isValidSettingsField('printDataRetentionDays', '0')).toBe(false);
    expect(isValidSettingsField('printDataRetentionDays', '7.5')).toBe(false);
    expect(isValidSettingsField('vvtypeOverride', '')).toBe(true);
    expect(isValidSettingsField('vvtypeOverride', '3')).toBe(true);
    expect(isValidSettingsField('vvtypeOverride', '100')).toBe(false);
    expect(isValidSettingsField('componentUrl', 'ws://127.0.0.1:13528')).toBe(true);
    expect(isValidSettingsField('componentUrl', 'http://127.0.0.1:13528')).toBe(false);
    expect(isValidSettingsField('customAreaTemplateUrl', '')).toBe(true);
    expect(isValidSettingsField('customAreaTemplateUrl', 'https://cloudprint.cainiao.com/template/standard/1')).toBe(false);
  });

  it('offers label sizes for the network’s carriers, the templates’ and those with a stored size', () => {
    const network = { carriers: [{ carrierCode: 'YTO' }, { carrierCode: 'STO' }] } as unknown as NetworkInfo;
    expect(knownCarrierCodes(network, { templates: [{ carrierCode: 'ZTO', url: '' }], labelSizes: { JD: '76x130', YTO: '100x180' } })).toEqual(['JD', 'STO', 'YTO', 'ZTO']);
    expect(knownCarrierCodes(undefined, { templates: [], labelSizes: {} })).toEqual([]);
  });
});
