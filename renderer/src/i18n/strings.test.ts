import { describe, expect, it } from 'vitest';
import { en } from './en';
import { languageForSystem } from './setup-i18n';
import { zhCN } from './zh-cn';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string' ? [`${prefix}${key}`] : keysOf(child as object, `${prefix}${key}.`),
  );
}

describe('UI strings', () => {
  it('zh-CN and en have exactly the same keys, none empty', () => {
    expect(keysOf(zhCN).sort()).toEqual(keysOf(en).sort());
    for (const table of [en, zhCN]) {
      for (const key of keysOf(table)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], table);
        expect(text, key).not.toBe('');
      }
    }
  });

  it('English counts agree with their number: a count before a plural noun is an i18next plural form', () => {
    // Numbers that are 2 or more by construction: a choice between shops, a parcel tag, retry limits,
    // the waybills of packages shipped in several parcels.
    const neverOne = new Set(['shops', 'parcels', 'sends', 'tries', 'waybills']);
    // Names, not numbers: "{{endpoint}} calls" follows its own count.
    const names = new Set(['endpoint']);
    const countThenNoun = /\{\{(\w+)\}\}\s+(?:[a-z-]+\s+)?(orders|labels|waybills|points|calls|carriers|branches|pages|packages|parcels|days|jobs|shops|times|goods lines|items)\b/g;
    const misfits = keysOf(en).flatMap((key) => {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
      return [...text.matchAll(countThenNoun)]
        .filter(([, name = '']) => !(name === 'count' && key.endsWith('_other')) && !neverOne.has(name) && !names.has(name))
        .map(([match]) => `${key}: ${match}`);
    });
    expect(misfits).toEqual([]);
  });

  it('picks Chinese for any Chinese system language and English otherwise', () => {
    expect(languageForSystem(['zh-CN'])).toBe('zh-CN');
    expect(languageForSystem(['en-US', 'zh-TW'])).toBe('zh-CN');
    expect(languageForSystem(['en-GB', 'de'])).toBe('en');
    expect(languageForSystem([])).toBe('en');
  });
});
