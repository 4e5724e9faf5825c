import type { en } from './en';

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** Simplified Chinese UI strings: the language most desks read. Same keys as `en.ts`. */
export const zhCN: Strings<typeof en> = {
  app: {
    name: '电子面单打印站',
    tagline: '打包台取号与打印电子面单',
  },
  language: {
    label: '语言',
    'zh-CN': '简体中文',
    en: 'English',
  },
};
