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

  it('picks Chinese for any Chinese system language and English otherwise', () => {
    expect(languageForSystem(['zh-CN'])).toBe('zh-CN');
    expect(languageForSystem(['en-US', 'zh-TW'])).toBe('zh-CN');
    expect(languageForSystem(['en-GB', 'de'])).toBe('en');
    expect(languageForSystem([])).toBe('en');
  });
});
