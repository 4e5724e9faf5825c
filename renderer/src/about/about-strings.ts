import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { aboutEn, aboutNamespace, aboutZhCN } from './about-text';

/** Adds the About strings to the app's i18next instance (once; later calls change nothing). */
export function registerAboutStrings(i18n: I18n): void {
  if (!i18n.hasResourceBundle('en', aboutNamespace)) i18n.addResourceBundle('en', aboutNamespace, aboutEn);
  if (!i18n.hasResourceBundle('zh-CN', aboutNamespace)) i18n.addResourceBundle('zh-CN', aboutNamespace, aboutZhCN);
}

/** Registers the About strings on the app's i18next instance before a component asks for them. */
export function useAboutStrings(): void {
  const { i18n } = useTranslation();
  registerAboutStrings(i18n);
}
