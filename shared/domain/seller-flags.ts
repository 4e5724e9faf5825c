/**
 * Seller flags (`remarkTag` / `remark_tag`): the marketplace's coloured flags a seller puts on an
 * order. From the public platform documentation; kept in one place so that it can be corrected.
 */

/** A flag value: 0 means no flag, 1–5 are the coloured flags. */
export type SellerFlagValue = 0 | 1 | 2 | 3 | 4 | 5;

/** One seller flag: its value, colour names and a display colour. */
export interface SellerFlag {
  value: SellerFlagValue;
  colourZh: string;
  colourEn: string;
  /** CSS colour for the flag icon. */
  css: string;
}

/** All flags, 0 (grey, none) through 5 (purple). */
export const SELLER_FLAGS: readonly SellerFlag[] = [
  { value: 0, colourZh: '灰', colourEn: 'grey', css: '#bfbfbf' },
  { value: 1, colourZh: '红', colourEn: 'red', css: '#f5222d' },
  { value: 2, colourZh: '黄', colourEn: 'yellow', css: '#fadb14' },
  { value: 3, colourZh: '绿', colourEn: 'green', css: '#52c41a' },
  { value: 4, colourZh: '蓝', colourEn: 'blue', css: '#1677ff' },
  { value: 5, colourZh: '紫', colourEn: 'purple', css: '#722ed1' },
];

/** The flag values the server-side `remarkTag` filter accepts (a flag, not "none"). */
export const SELLER_FLAG_FILTER_VALUES: readonly SellerFlagValue[] = [1, 2, 3, 4, 5];
