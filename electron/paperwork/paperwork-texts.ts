/**
 * The words printed on packing slips and picking lists, in the UI's two languages. The data on
 * them (goods, names, addresses) is printed as the platform sent it, whatever the language.
 */

/** The languages paperwork is printed in. */
export type PaperworkLanguage = 'zh-CN' | 'en';

/** Every fixed text of the paperwork. */
export interface PaperworkTexts {
  slipTitle: string;
  orderNumber: string;
  paidAt: string;
  waybill: string;
  receiver: string;
  address: string;
  columns: { index: string; goods: string; spec: string; count: string; amount: string };
  total: (pieces: number, amount: string) => string;
  buyerRemark: string;
  sellerNote: string;
  printedAt: string;
  moreLines: (lines: number, pieces: number) => string;
  pickingTitle: string;
  pickingSummary: (orders: number, lines: number, pieces: number) => string;
  pickingColumns: { picked: string; index: string; goods: string; spec: string; count: string; orders: string };
  page: (page: number, pages: number) => string;
  notIssued: string;
}

const zhCN: PaperworkTexts = {
  slipTitle: '发货单',
  orderNumber: '订单号',
  paidAt: '付款时间',
  waybill: '运单号',
  receiver: '收货人',
  address: '地址',
  columns: { index: '序号', goods: '商品', spec: '规格', count: '数量', amount: '金额' },
  total: (pieces, amount) => `合计：共 ${pieces} 件  ${amount}`,
  buyerRemark: '买家留言',
  sellerNote: '卖家备注',
  printedAt: '打印时间',
  moreLines: (lines, pieces) => `…… 另有 ${lines} 项，等 ${pieces} 件`,
  pickingTitle: '拣货单',
  pickingSummary: (orders, lines, pieces) => `${orders} 单 · ${lines} 种商品 · 共 ${pieces} 件`,
  pickingColumns: { picked: '已拣', index: '序号', goods: '商品', spec: '规格', count: '数量', orders: '订单' },
  page: (page, pages) => `第 ${page} / ${pages} 页`,
  notIssued: '未取号',
};

const en: PaperworkTexts = {
  slipTitle: 'Packing slip',
  orderNumber: 'Order',
  paidAt: 'Paid',
  waybill: 'Waybill',
  receiver: 'Receiver',
  address: 'Address',
  columns: { index: '#', goods: 'Goods', spec: 'Spec', count: 'Qty', amount: 'Amount' },
  total: (pieces, amount) => `Total: ${pieces} pcs  ${amount}`,
  buyerRemark: 'Buyer note',
  sellerNote: 'Seller note',
  printedAt: 'Printed',
  moreLines: (lines, pieces) => `… and ${lines} more lines, ${pieces} pcs`,
  pickingTitle: 'Picking list',
  pickingSummary: (orders, lines, pieces) => `${orders} orders · ${lines} goods · ${pieces} pcs`,
  pickingColumns: { picked: 'Picked', index: '#', goods: 'Goods', spec: 'Spec', count: 'Qty', orders: 'Orders' },
  page: (page, pages) => `Page ${page} of ${pages}`,
  notIssued: 'not issued',
};

/** The paperwork texts of a language. */
export function paperworkTexts(language: PaperworkLanguage): PaperworkTexts {
  return language === 'en' ? en : zhCN;
}

/** An amount in fen as yuan: `¥12.50`; '' when unknown. */
export function yuanText(fen: number | null): string {
  return fen === null ? '' : `¥${(fen / 100).toFixed(2)}`;
}
