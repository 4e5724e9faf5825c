import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildErrorResources, errorNamespace } from '../../../shared/errors/error-resources';
import { en } from './en';
import { zhCN } from './zh-cn';

/** The UI languages the station ships. */
export const uiLanguages = ['zh-CN', 'en'] as const;
/** One of the shipped UI languages. */
export type UiLanguage = (typeof uiLanguages)[number];

/** Chinese where the system is Chinese (any zh variant), English elsewhere. */
export function languageForSystem(systemLanguages: readonly string[]): UiLanguage {
  return systemLanguages.some((tag) => tag.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

/** Initialises i18next once for the renderer; every visible string goes through it. */
export async function setupI18n(language: UiLanguage): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      en: { translation: en, [errorNamespace]: buildErrorResources('en') },
      'zh-CN': { translation: zhCN, [errorNamespace]: buildErrorResources('zh') },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
