import type { LabelInput, PlainWaybillData } from './label-input';

/**
 * Realistic label inputs for tests, benchmarks and demo labels: the carriers' waybill-number
 * shapes, masked recipients as the platform sends them, merged orders, long goods lists and an
 * `AES:`-encrypted field. All data is made up.
 */

/** 2025-06-01 14:03 China time. */
const samplePrintedAt = Date.UTC(2025, 5, 1, 6, 3);

const merchantSender: PlainWaybillData['sender'] = {
  name: '李明',
  mobile: '13900001111',
  address: { province: '上海', city: '上海市', district: '浦东新区', town: '张江镇', detail: '科苑路88号 B座3楼 发货仓' },
};

function plainData(waybillCode: string, overrides: Partial<PlainWaybillData> = {}): PlainWaybillData {
  return {
    recipient: {
      name: '张**',
      mobile: '138****1234',
      address: { province: '浙江省', city: '杭州市', district: '西湖区', town: '文新街道', detail: '文三路***号**小区*幢*单元' },
    },
    sender: merchantSender,
    routingInfo: {
      routeCode: '300-A12 04',
      origin: { code: '201301', name: '上海浦东张江' },
      sortation: { name: '杭州西湖' },
      consolidation: { code: '571W', name: '杭州转运中心' },
    },
    shippingOption: { code: 'STANDARD_EXPRESS', title: '标准快递' },
    waybillCode,
    ...overrides,
  };
}

/** One sample label per carrier number shape, plus the awkward cases. */
export const SAMPLE_LABEL_INPUTS: readonly LabelInput[] = [
  {
    carrierCode: 'ZTO',
    printedAt: samplePrintedAt,
    data: plainData('73100456789012'),
    order: {
      orderNumbers: ['3512345678901234567'],
      items: [
        { name: '纯棉短袖T恤 白色 XL', count: 2 },
        { name: '帆布鞋 37码', count: 1 },
      ],
      remark: '请周末送货，谢谢',
    },
  },
  {
    carrierCode: 'YTO',
    printedAt: samplePrintedAt,
    data: plainData('YT7512345678901', {
      recipient: {
        name: '欧阳**',
        mobile: '13260469442-4846',
        address: { province: '广东省', city: '深圳市', district: '南山区', town: '粤海街道', detail: '科技园南区高新南七道**号 深圳湾科技生态园*栋*****室' },
      },
      routingInfo: {
        routeCode: '755-H21-033',
        sortation: { name: '深圳南山' },
        consolidation: { code: '755', name: '深圳转运中心' },
      },
    }),
    order: {
      orderNumbers: ['4012345678901234567', '4012345678901234568', '4012345678901234569'],
      items: [
        { name: '保温杯 500ml 不锈钢', count: 1 },
        { name: '手机壳 透明防摔 适用iPhone 15 Pro Max', count: 2 },
        { name: '数据线 Type-C 快充 1米', count: 3 },
        { name: '钢化膜 高清 两片装', count: 1 },
        { name: '桌面收纳盒 三层抽屉式 北欧风', count: 1 },
        { name: '无线鼠标 静音款 灰色', count: 1 },
      ],
      remark: '合并订单，三单同发；易碎物品请轻拿轻放',
    },
  },
  {
    carrierCode: 'SF',
    printedAt: samplePrintedAt,
    data: plainData('SF1402345678912', {
      recipient: {
        name: 'AES:Zm9vYmFyYmF6cXV4',
        mobile: '*******5552',
        phone: '010-6288****',
        address: { province: '北京', city: '北京市', district: '朝阳区', detail: 'AES:cXV4cXV1eHF1dXg=' },
      },
      routingInfo: { routeCode: '010WB', sortation: { name: '北京朝阳' }, consolidation: { name: '北京顺义集散中心' } },
      shippingOption: { code: 'SF_STANDARD', title: '顺丰标快' },
    }),
    order: { orderNumbers: ['250601-123456789012345'], items: [{ name: '茶叶礼盒 明前龙井 250g', count: 1 }] },
  },
  {
    carrierCode: 'JD',
    printedAt: samplePrintedAt,
    data: plainData('JDVB03456789012', { routingInfo: { routeCode: '021-2B-17' }, shippingOption: { title: '特快送' } }),
    order: { orderNumbers: ['289012345678'], items: [{ name: '图书《算法导论》第三版', count: 1 }], remark: '' },
  },
  {
    carrierCode: 'STO',
    printedAt: samplePrintedAt,
    data: plainData('773245678901234'),
    order: { orderNumbers: ['3612345678901234567'], items: [{ name: '洗衣凝珠 52颗', count: 4 }] },
  },
  {
    carrierCode: 'YUNDA',
    printedAt: samplePrintedAt,
    data: plainData('4312345678901'),
    order: { orderNumbers: ['3712345678901234567'], items: [{ name: '零食大礼包', count: 1 }] },
  },
  {
    carrierCode: 'EMS',
    printedAt: samplePrintedAt,
    data: plainData('9812345678901'),
    order: { orderNumbers: ['3812345678901234567'], items: [{ name: '文件', count: 1 }] },
  },
  {
    carrierCode: 'HTKY',
    printedAt: samplePrintedAt,
    data: plainData('JT5012345678901'),
    order: { orderNumbers: ['3912345678901234567'], items: [{ name: '拖鞋 男款 42码', count: 2 }] },
  },
  {
    carrierCode: 'DBKD',
    printedAt: samplePrintedAt,
    data: plainData('DPK360123456789'),
    order: { orderNumbers: ['3012345678901234567'], items: [{ name: '办公椅 人体工学', count: 1 }], remark: '大件，需送货上楼' },
  },
];
