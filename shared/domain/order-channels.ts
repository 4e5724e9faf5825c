/**
 * Order channel platforms (`order_channels_type` of the issue call), from the public platform
 * documentation. The gateway rejects a value outside this list; kept in one place so that it can
 * be corrected.
 */

/** One order channel: the code sent to the gateway and its names. */
export interface OrderChannel {
  code: string;
  nameZh: string;
  nameEn: string;
}

/** Every order channel value the gateway accepts, in the documented order. */
export const ORDER_CHANNELS: readonly OrderChannel[] = [
  { code: 'TB', nameZh: '淘宝', nameEn: 'Taobao' },
  { code: 'TM', nameZh: '天猫', nameEn: 'Tmall' },
  { code: 'JD', nameZh: '京东', nameEn: 'JD' },
  { code: 'PDD', nameZh: '拼多多', nameEn: 'Pinduoduo' },
  { code: 'DY', nameZh: '抖音', nameEn: 'Douyin' },
  { code: 'KS', nameZh: '快手', nameEn: 'Kuaishou' },
  { code: 'XHS', nameZh: '小红书', nameEn: 'Xiaohongshu' },
  { code: 'ALBB', nameZh: '阿里巴巴', nameEn: 'Alibaba' },
  { code: '1688', nameZh: '1688', nameEn: '1688' },
  { code: 'YZ', nameZh: '有赞', nameEn: 'Youzan' },
  { code: 'WD', nameZh: '微店', nameEn: 'Weidian' },
  { code: 'WPH', nameZh: '唯品会', nameEn: 'Vipshop' },
  { code: 'SN', nameZh: '苏宁', nameEn: 'Suning' },
  { code: 'DD', nameZh: '当当', nameEn: 'Dangdang' },
  { code: 'JM', nameZh: '聚美', nameEn: 'Jumei' },
  { code: 'MGJ', nameZh: '蘑菇街', nameEn: 'Mogujie' },
  { code: 'VANCL', nameZh: '凡客', nameEn: 'Vancl' },
  { code: 'YHD', nameZh: '1号店', nameEn: 'Yihaodian' },
  { code: 'AMAZON', nameZh: '亚马逊', nameEn: 'Amazon' },
  { code: 'EBAY', nameZh: 'eBay', nameEn: 'eBay' },
  { code: 'OTHERS', nameZh: '其他', nameEn: 'Others' },
];

/** Whether the gateway accepts this `order_channels_type` value. */
export function isOrderChannel(code: string): boolean {
  return ORDER_CHANNELS.some((channel) => channel.code === code);
}
