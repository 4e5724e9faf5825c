/** English strings of the desk's paperwork: custom area, packing slips, picking lists, print order (merged into `en.ts`). */
export const paperworkEn = {
  paperwork: {
    customArea: {
      title: 'Custom area on the label',
      fieldsLabel: 'What the custom area shows',
      fields: {
        goods: 'Goods with spec and count',
        buyerRemark: 'Buyer’s remark',
        sellerNote: 'Seller’s note and flag',
        orderNumber: 'Order number',
        totalCount: 'Total count',
      },
      explain:
        'The carrier platform draws these fields in your custom-area template: make one in the platform’s template management (for Cainiao: the cloud-print template centre → custom area), and copy its address into “Custom-area template” above. The print component lays it over the standard waybill template. Labels the station draws itself (OS printer) show the same fields without a template, with the order number as a small barcode for scan-to-verify. Long goods lists are shortened to fit, ending with “and N more”.',
      preview: 'Preview of the custom area on a sample label',
      previewLoading: 'Drawing the preview…',
    },
    slips: {
      title: 'Packing slips and picking lists',
      printer: 'Printer for packing slips and picking lists',
      defaultPrinter: 'The system’s default printer',
      printersUnavailable: 'The system’s printers cannot be listed:',
      size: 'Packing slip size',
      sizes: { 'a4-half': 'A4 half page (two per sheet)', a5: 'A5', '76x130': '76 × 130 mm thermal', '100x180': '100 × 180 mm thermal' },
      withLabels: 'Print a packing slip after each label (default for new jobs)',
      failed_one: '{{count}} packing slip did not print (its label did)',
      failed_other: '{{count}} packing slips did not print (their labels did)',
      failedOrders: 'Orders: {{orders}}. Reprint them from History → Packing slips.',
      saved: 'Saved',
    },
    actions: {
      printSlips_one: 'Packing slip',
      printSlips_other: 'Packing slips ({{count}})',
      pickingList: 'Pick list…',
      slipsPrinted_one: '{{count}} packing slip sent to {{printer}}',
      slipsPrinted_other: '{{count}} packing slips sent to {{printer}}',
      unknownOrders: '{{count}} not found: {{orders}}',
      defaultPrinterName: 'the default printer',
    },
    picking: {
      title: 'Picking list',
      scope_one: 'Goods of {{count}} selected order, gathered by name and spec, with the orders that need them.',
      scope_other: 'Goods of {{count}} selected orders, gathered by name and spec, with the orders that need them.',
      sort: 'Sort by',
      sortName: 'Goods name',
      sortCount: 'Count (largest first)',
      print: 'Print',
      save: 'Save as PDF',
      printed: 'Picking list sent to {{printer}}',
      saved: 'Saved {{fileName}} ({{pages}} pages)',
    },
    plan: {
      printOrder: 'Print order',
      printOrders: { 'as-selected': 'As selected', 'by-goods': 'By goods', 'by-province': 'By province' },
      slips: 'Packing slip after each label',
    },
  },
};

/** Simplified Chinese strings of the desk's paperwork (merged into `zh-cn.ts`). */
export const paperworkZhCn = {
  paperwork: {
    customArea: {
      title: '面单自定义区域',
      fieldsLabel: '自定义区域显示的内容',
      fields: {
        goods: '商品（含规格和数量）',
        buyerRemark: '买家留言',
        sellerNote: '卖家备注和旗帜',
        orderNumber: '订单号',
        totalCount: '商品总件数',
      },
      explain:
        '这些内容由快递平台按您的自定义区模板打印：请在平台的模板管理中创建（菜鸟：云打印模板中心 → 自定义区域），再把模板地址复制到上方的“自定义区模板”。打印组件会把它叠加在标准面单模板上。本站自己绘制的面单（系统打印机）不需要模板，也会显示同样的内容，并把订单号印成小条码，方便扫码核对。商品过多时会截短，并以“等 N 件”结尾。',
      preview: '自定义区域预览（示例面单）',
      previewLoading: '正在生成预览…',
    },
    slips: {
      title: '发货单和拣货单',
      printer: '发货单和拣货单使用的打印机',
      defaultPrinter: '系统默认打印机',
      printersUnavailable: '无法列出系统打印机：',
      size: '发货单纸张',
      sizes: { 'a4-half': 'A4 半张（每张纸两份）', a5: 'A5', '76x130': '76 × 130 毫米热敏纸', '100x180': '100 × 180 毫米热敏纸' },
      withLabels: '每张面单后打印发货单（新任务的默认设置）',
      failed_one: '{{count}} 份发货单未打印（面单已打印）',
      failed_other: '{{count}} 份发货单未打印（面单已打印）',
      failedOrders: '订单：{{orders}}。可在“历史记录 → 打印发货单”中补打。',
      saved: '已保存',
    },
    actions: {
      printSlips_one: '打印发货单',
      printSlips_other: '打印发货单（{{count}}）',
      pickingList: '拣货单…',
      slipsPrinted_one: '已将 {{count}} 份发货单发送到 {{printer}}',
      slipsPrinted_other: '已将 {{count}} 份发货单发送到 {{printer}}',
      unknownOrders: '{{count}} 个未找到：{{orders}}',
      defaultPrinterName: '默认打印机',
    },
    picking: {
      title: '拣货单',
      scope_one: '所选 {{count}} 个订单的商品，按名称和规格汇总，并列出需要的订单。',
      scope_other: '所选 {{count}} 个订单的商品，按名称和规格汇总，并列出需要的订单。',
      sort: '排序',
      sortName: '商品名称',
      sortCount: '数量（从多到少）',
      print: '打印',
      save: '保存为 PDF',
      printed: '拣货单已发送到 {{printer}}',
      saved: '已保存 {{fileName}}（{{pages}} 页）',
    },
    plan: {
      printOrder: '打印顺序',
      printOrders: { 'as-selected': '按选择顺序', 'by-goods': '按商品', 'by-province': '按省份' },
      slips: '每张面单后打印发货单',
    },
  },
};
