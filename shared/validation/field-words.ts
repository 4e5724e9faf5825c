/**
 * The gateway's field names (`recipient.name`, `cp_code`, `order_info.trade_order_list[0]`) as a
 * packer knows them, with the control that fixes each where the desk or Settings holds it. The
 * validation rules and the logs keep the gateway's names; the UI shows these.
 */

import type { ErrorParamValue } from '../errors/station-error';

/** A UI language of the error texts. */
export type FieldWordsLanguage = 'zh' | 'en';

type Words = Readonly<Record<FieldWordsLanguage, string>>;

const shipFrom = { zh: '（发货网点 F7）', en: ' (Ship from, F7)' } as const;
const senderSettings = { zh: '（设置 F2 → 寄件人）', en: ' (Settings F2 → Sender)' } as const;

const partyParts: Readonly<Record<string, Words>> = {
  name: { zh: '姓名', en: 'name' },
  mobile: { zh: '手机', en: 'mobile' },
  phone: { zh: '固话', en: 'landline' },
  province: { zh: '省份', en: 'province' },
  city: { zh: '城市', en: 'city' },
  district: { zh: '区县', en: 'district' },
  town: { zh: '街道', en: 'town' },
  detail: { zh: '详细地址', en: 'street address' },
  oaid: { zh: '加密标识（oaid）', en: 'encrypted id (oaid)' },
};

const fixed: Readonly<Record<string, Words>> = {
  object_id: { zh: '条目编号', en: 'the entry id' },
  cp_code: { zh: `快递公司${shipFrom.zh}`, en: `the carrier${shipFrom.en}` },
  branch_code: { zh: `网点${shipFrom.zh}`, en: `the branch${shipFrom.en}` },
  template_url: { zh: '面单模板（设置 F2 → 打印）', en: 'the label template (Settings F2 → Printing)' },
  logistics_services: { zh: '增值服务', en: 'the value-added services' },
  'order_info.order_channels_type': { zh: '订单渠道（设置 F2 → 连接）', en: 'the order channel (Settings F2 → Connection)' },
  'order_info.trade_order_list': { zh: '订单号', en: 'the order numbers' },
  'package_info.id': { zh: '包裹编号', en: 'the package id' },
  'package_info.items': { zh: '商品', en: 'the goods' },
  trade_order_info_dtos: { zh: '订单条目', en: 'the entries' },
  recipient: { zh: '收件人', en: 'the receiver' },
  sender: { zh: `寄件人${senderSettings.zh}`, en: `the sender${senderSettings.en}` },
};

/** The words for one gateway field path; the path itself when it has none. */
export function deskFieldWords(field: string, language: FieldWordsLanguage): string {
  const known = fixed[field];
  if (known) return known[language];
  if (/^order_info\.trade_order_list\[\d+\]$/.test(field)) return language === 'zh' ? '订单号' : 'the order number';
  const item = /^package_info\.items\[(\d+)\]\.(name|count)$/.exec(field);
  if (item) {
    const position = Number(item[1]) + 1;
    if (language === 'zh') return `第 ${position} 件商品的${item[2] === 'name' ? '名称' : '数量'}`;
    return `the ${item[2] === 'name' ? 'name' : 'quantity'} of goods item ${position}`;
  }
  const party = /^(sender|recipient)\.(?:address\.)?(\w+)$/.exec(field);
  const part = party ? partyParts[party[2] ?? ''] : undefined;
  if (party && part) {
    if (party[1] === 'recipient') return language === 'zh' ? `收件人${part.zh}` : `the receiver's ${part.en}`;
    // The sender's address comes from the branch (Ship from); its name and phones from Settings.
    const where = ['name', 'mobile', 'phone'].includes(party[2] ?? '') ? senderSettings : shipFrom;
    return language === 'zh' ? `寄件人${part.zh}${where.zh}` : `the sender's ${part.en}${where.en}`;
  }
  return field;
}

/** An error's params with its `field` in the desk's words (other params unchanged). */
export function withDeskFieldWords(params: Readonly<Record<string, ErrorParamValue>>, language: FieldWordsLanguage): Record<string, ErrorParamValue> {
  const field = params.field;
  return typeof field === 'string' ? { ...params, field: deskFieldWords(field, language) } : { ...params };
}
