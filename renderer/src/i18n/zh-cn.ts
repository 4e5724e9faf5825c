import type { en } from './en';

type Strings<T> = { readonly [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** Simplified Chinese UI strings: the language most desks read. Same keys as `en.ts`. */
export const zhCN: Strings<typeof en> = {
  app: {
    name: '电子面单打印站',
    tagline: '打包台取号与打印电子面单',
  },
  account: {
    label: '账户',
    shop: '店铺',
    demoMode: '演示模式（沙箱网关）',
    subscriptionLoading: '订购信息…',
    subscriptionUnavailable: '订购信息未知',
    subscriptionEnds_one: '订购到期 {{date}}（剩 {{count}} 天）',
    subscriptionEnds_other: '订购到期 {{date}}（剩 {{count}} 天）',
    subscriptionExpired: '订购已于 {{date}} 到期',
  },
  language: {
    label: '语言',
    'zh-CN': '简体中文',
    en: 'English',
  },
};
