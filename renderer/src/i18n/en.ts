/** English UI strings. Keys mirror `zh-CN.ts`; a test keeps the two in step. */
export const en = {
  app: {
    name: 'Waybill Print Station',
    tagline: 'Issue e-waybills and print labels at the packing desk',
  },
  language: {
    label: 'Language',
    'zh-CN': '简体中文',
    en: 'English',
  },
} as const;
