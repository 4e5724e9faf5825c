/**
 * The desk's font stack (antd's, and the charts'): antd's stack with the common Chinese system fonts,
 * then the CJK face the app ships (global.css) before the generic family, so Chinese never falls to
 * boxes on a desk without a CJK font.
 */
export const deskFontFamily = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  'Roboto',
  "'Helvetica Neue'",
  'Arial',
  "'Noto Sans'",
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Station CJK Fallback'",
  'sans-serif',
  "'Apple Color Emoji'",
  "'Segoe UI Emoji'",
].join(', ');
