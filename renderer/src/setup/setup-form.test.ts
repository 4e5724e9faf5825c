import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../shared/ipc/ipc-contract';
import { DEMO_GATEWAY_ACCOUNT, defaultSettings, mergeSettingsPatch, settingsPatchSchema, settingsSchema } from '../../../shared/settings/settings-schema';
import { formValuesFromSettings, isValidField, settingsPatchFromForm, type SetupFormValues } from './setup-form';

const storedView = (): SettingsView => {
  const settings = defaultSettings();
  settings.print.templateUrlByCarrier = { ZTO: 'https://cloudprint.cainiao.com/template/standard/201/5' };
  return { settings, token: { isSet: false, lastFour: null, unreadable: null, weakProtection: false } };
};

/** Saves a form as main would: the patch validated by the contract's schema, merged, validated again. */
function save(values: SetupFormValues, view = storedView()) {
  const patch = settingsPatchSchema.parse(settingsPatchFromForm(values, view));
  return settingsSchema.parse(mergeSettingsPatch(view.settings, patch));
}

describe('the setup form', () => {
  it('starts from the current settings: demo mode and the stored templates, the real account’s fields empty', () => {
    const values = formValuesFromSettings(storedView());
    expect(values.gatewayMode).toBe('demo');
    expect(values.token).toBe('');
    // The demo shop's account is never offered as the merchant's own.
    expect({ shopId: values.shopId, sellerNick: values.sellerNick, merchantUserId: values.merchantUserId }).toEqual({ shopId: '', sellerNick: '', merchantUserId: '' });
    const real = storedView();
    real.settings.gateway = { ...real.settings.gateway, baseUrl: 'https://gateway.example.com', shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899, name: '', colour: 'blue' }] };
    expect(formValuesFromSettings(real)).toMatchObject({ gatewayMode: 'real', shopId: '5566', sellerNick: '老店', merchantUserId: '778899' });
    // Against a real gateway the stored account is the one in use, even where it equals the demo shop's.
    const realWithDemoAccount = storedView();
    realWithDemoAccount.settings.gateway = { ...realWithDemoAccount.settings.gateway, shops: [{ ...DEMO_GATEWAY_ACCOUNT, name: '', colour: 'blue' }], baseUrl: 'https://gateway.example.com' };
    expect(formValuesFromSettings(realWithDemoAccount)).toMatchObject({ gatewayMode: 'real', shopId: DEMO_GATEWAY_ACCOUNT.shopId, sellerNick: DEMO_GATEWAY_ACCOUNT.sellerNick, merchantUserId: String(DEMO_GATEWAY_ACCOUNT.merchantUserId) });
    expect(values.templates).toEqual([{ carrierCode: 'ZTO', url: 'https://cloudprint.cainiao.com/template/standard/201/5' }]);
  });

  it('saves a real gateway account, edition, channel and templates as valid settings', () => {
    const values: SetupFormValues = {
      ...formValuesFromSettings(storedView()),
      gatewayMode: 'real',
      baseUrl: ' https://gateway.example.com ',
      shopId: '5566',
      sellerNick: '老店',
      merchantUserId: '778899',
      edition: 'enhanced',
      orderChannel: 'PDD',
      templates: [{ carrierCode: 'YTO', url: 'https://cloudprint.cainiao.com/template/standard/101/3' }],
    };
    const settings = save(values);
    expect(settings.gateway).toMatchObject({ baseUrl: 'https://gateway.example.com', shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899 }], edition: 'enhanced', orderChannel: 'PDD' });
    // Leaving demo mode never carries the demo account's shops into the real account.
    expect(settings.gateway.shops).toHaveLength(1);
    // ZTO was removed from the form, so it is removed from the settings.
    expect(settings.print.templateUrlByCarrier).toEqual({ YTO: 'https://cloudprint.cainiao.com/template/standard/101/3' });
  });

  it('saves the sender a real gateway needs, and sends it only when it changed', () => {
    const account = { baseUrl: 'https://gateway.example.com', shopId: '5566', sellerNick: '老店', merchantUserId: '778899' };
    const values: SetupFormValues = { ...formValuesFromSettings(storedView()), ...account, gatewayMode: 'real', senderName: ' 王小满 ', senderPhone: '0571-88886666' };
    expect(settingsPatchFromForm(values, storedView()).shipFrom).toEqual({ senderName: '王小满', senderPhone: '0571-88886666' });
    expect(save(values).shipFrom).toMatchObject({ senderName: '王小满', senderPhone: '0571-88886666' });
    expect(settingsPatchFromForm(formValuesFromSettings(storedView()), storedView())).not.toHaveProperty('shipFrom');
    // A phone that is neither a mobile nor a landline is refused by the contract.
    expect(settingsPatchSchema.safeParse(settingsPatchFromForm({ ...values, senderPhone: '12345' }, storedView())).success).toBe(false);
  });

  it('edits the first shop of a real account and keeps its other shops, with their names and colours', () => {
    const view = storedView();
    const second = { shopId: '5577', sellerNick: '二店', merchantUserId: 778800, name: '二店', colour: 'green' as const };
    view.settings.gateway = { ...view.settings.gateway, baseUrl: 'https://gateway.example.com', shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899, name: '老店铺', colour: 'red' }, second] };
    const settings = save({ ...formValuesFromSettings(view), sellerNick: '新昵称' }, view);
    expect(settings.gateway.shops).toEqual([{ shopId: '5566', sellerNick: '新昵称', merchantUserId: 778899, name: '老店铺', colour: 'red' }, second]);
  });

  it('saves the further shops listed with the first: ids, merchant id as a number, name and colour', () => {
    const view = storedView();
    view.settings.gateway = { ...view.settings.gateway, baseUrl: 'https://gateway.example.com', shops: [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899, name: '', colour: 'blue' }] };
    const values = formValuesFromSettings(view);
    expect(values.otherShops).toEqual([]);
    const settings = save({ ...values, shopName: '老店铺', otherShops: [{ shopId: '5588', sellerNick: '三店', merchantUserId: '778811', name: '三店', colour: 'purple' }] }, view);
    expect(settings.gateway.shops).toEqual([
      { shopId: '5566', sellerNick: '老店', merchantUserId: 778899, name: '老店铺', colour: 'blue' },
      { shopId: '5588', sellerNick: '三店', merchantUserId: 778811, name: '三店', colour: 'purple' },
    ]);
    // A shop id listed twice is refused by the contract, as main would.
    const twice = settingsPatchFromForm({ ...values, otherShops: [{ shopId: '5566', sellerNick: '又一个', merchantUserId: '1', name: '', colour: 'red' }] }, view);
    expect(settingsPatchSchema.safeParse(twice).success).toBe(false);
    expect(settingsSchema.safeParse(mergeSettingsPatch(view.settings, twice)).success).toBe(false);
  });

  it('keeps the stored account fields in demo mode and clears the base URL', () => {
    const view = storedView();
    view.settings.gateway.shops = [{ shopId: '5566', sellerNick: '老店', merchantUserId: 778899, name: '', colour: 'blue' }];
    const settings = save({ ...formValuesFromSettings(view), shopId: 'ignored', gatewayMode: 'demo', baseUrl: 'https://x.example' }, view);
    expect(settings.gateway.baseUrl).toBeNull();
    expect(settings.gateway.shops.map((shop) => shop.shopId)).toEqual(['5566']);
  });

  it('checks each field with the settings schema', () => {
    expect(isValidField('baseUrl', 'https://gateway.example.com')).toBe(true);
    expect(isValidField('baseUrl', 'gateway.example.com')).toBe(false);
    expect(isValidField('shopId', '')).toBe(false);
    expect(isValidField('sellerNick', ' 老店')).toBe(false);
    expect(isValidField('merchantUserId', '778899')).toBe(true);
    expect(isValidField('merchantUserId', '77.5')).toBe(false);
    expect(isValidField('merchantUserId', '-3')).toBe(false);
    expect(isValidField('orderChannel', 'TAOBAO')).toBe(false);
    expect(isValidField('templateCarrier', 'YTO')).toBe(true);
    expect(isValidField('templateUrl', 'https://cloudprint.cainiao.com/template/standard/101')).toBe(true);
    expect(isValidField('templateUrl', 'https://cloudprint.cainiao.com/template/customArea/101/1')).toBe(false);
  });
});
