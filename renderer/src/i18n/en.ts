/** English UI strings. Keys mirror `zh-CN.ts`; a test keeps the two in step. */
export const en = {
  app: {
    name: 'Waybill Print Station',
    tagline: 'Issue e-waybills and print labels at the packing desk',
  },
  account: {
    label: 'Account',
    shop: 'Shop',
    demoMode: 'Demo mode (sandbox gateway)',
    subscriptionLoading: 'Subscription…',
    subscriptionUnavailable: 'Subscription unknown',
    subscriptionEnds_one: 'Subscription ends {{date}} ({{count}} day left)',
    subscriptionEnds_other: 'Subscription ends {{date}} ({{count}} days left)',
    subscriptionExpired: 'Subscription expired {{date}}',
  },
  language: {
    label: 'Language',
    'zh-CN': '简体中文',
    en: 'English',
  },
} as const;
