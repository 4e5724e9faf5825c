import { describe, expect, it } from 'vitest';
import { orderStatusName, orderStatusNamesAcross } from './order-status-names';
import { defaultSettings, mergeSettingsPatch, settingsPatchSchema, settingsSchema } from './settings-schema';

describe('order status names', () => {
  const names = { '57301862': { '3': '已退款', '2': '已发货' }, '57301875': { '3': '退款中' }, '60418827': { '3': '已退款' } };

  it('reads the name a shop gave a status, and none where it gave none', () => {
    expect(orderStatusName(names, '57301862', 3)).toBe('已退款');
    expect(orderStatusName(names, '57301875', 2)).toBeNull();
    expect(orderStatusName(names, 'unknown-shop', 3)).toBeNull();
  });

  it('names a status across shops once per name, in the shops’ order', () => {
    expect(orderStatusNamesAcross(names, ['57301862', '57301875', '60418827'], 3)).toEqual(['已退款', '退款中']);
    expect(orderStatusNamesAcross(names, ['57301875'], 2)).toEqual([]);
  });

  it('is kept per shop: a patch replaces one shop’s names and null forgets them, the other shops keep theirs', () => {
    const base = settingsSchema.parse(mergeSettingsPatch(defaultSettings(), { issueOptions: { orderStatusNamesByShop: names } }));
    const patch = settingsPatchSchema.parse({ issueOptions: { orderStatusNamesByShop: { '57301862': { '1': '待发货' }, '57301875': null } } });
    const changed = settingsSchema.parse(mergeSettingsPatch(base, patch));
    expect(changed.issueOptions.orderStatusNamesByShop).toEqual({ '57301862': { '1': '待发货' }, '60418827': { '3': '已退款' } });
  });

  it('takes whole status numbers and short names only', () => {
    const patchOf = (shopNames: Record<string, string>) => settingsPatchSchema.safeParse({ issueOptions: { orderStatusNamesByShop: { '57301862': shopNames } } }).success;
    expect(patchOf({ '-1': '关闭', '3': '已退款' })).toBe(true);
    expect(patchOf({ refunded: '已退款' })).toBe(false);
    expect(patchOf({ '3': '' })).toBe(false);
    expect(patchOf({ '3': ' 已退款' })).toBe(false);
    expect(patchOf({ '3': '一二三四五六七八九十一二三四五六七' })).toBe(false);
  });

  it('a settings file written before names existed loads with none', () => {
    const { orderStatusNamesByShop, ...olderOptions } = defaultSettings().issueOptions;
    expect(orderStatusNamesByShop).toEqual({});
    const loaded = settingsSchema.parse(mergeSettingsPatch(defaultSettings(), { issueOptions: olderOptions }));
    expect(loaded.issueOptions.orderStatusNamesByShop).toEqual({});
  });
});
