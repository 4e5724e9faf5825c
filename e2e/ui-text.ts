import { errorCatalog, type ErrorCode } from '../shared/errors/error-catalog';
import { fillTemplate } from '../shared/errors/station-error';
import { en } from '../renderer/src/i18n/en';
import { zhCN } from '../renderer/src/i18n/zh-cn';

/** The two UI languages the specs run in. */
export type DeskLocale = 'zh-CN' | 'en';

/** The browser locale that makes the station start in a UI language. */
export const browserLocale = (locale: DeskLocale) => (locale === 'zh-CN' ? 'zh-CN' : 'en-US');

/**
 * A UI string as the page shows it (i18next's `_one`/`_other` picked by `count`, `{{x}}` filled),
 * so one spec finds its buttons and texts in either language.
 */
export function uiText(locale: DeskLocale, key: string, params: Record<string, string | number> = {}): string {
  const table: unknown = locale === 'zh-CN' ? zhCN : en;
  const lookup = (path: string) => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], table);
  const plural = typeof params.count === 'number' ? lookup(`${key}_${params.count === 1 && locale === 'en' ? 'one' : 'other'}`) : undefined;
  const template = plural ?? lookup(key);
  if (typeof template !== 'string') throw new Error(`no UI string ${key} in ${locale}`);
  return fillTemplate(template, params);
}

/** An error's text or remedy from the catalog, as the page shows it. */
export function errorUiText(locale: DeskLocale, code: ErrorCode, part: 'text' | 'remedy', params: Record<string, string | number> = {}): string {
  return fillTemplate(errorCatalog[code][locale === 'zh-CN' ? 'zh' : 'en'][part], params);
}
