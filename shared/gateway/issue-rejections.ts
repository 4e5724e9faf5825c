/**
 * The catalogue of code-614 messages (spec 7.2) the sandbox speaks, in Chinese as the real gateway
 * does. Each has a stable id, the kind decisions.md gives it ("Errors and what the client does"),
 * and named parameters that say which order or field it is about. The client's classifier is
 * tested against every message of this catalogue, rendered with its example parameters.
 */

/**
 * What a 614 means for the job (decisions.md):
 * - `stop-job`: nothing else will succeed; stop, keep what was issued, show the remedy;
 * - `this-order-only`: one order is at fault; isolate it and go on;
 * - `outcome-unknown`: reconcile through the query endpoint, then issue the rest;
 * - `already-issued`: already issued or overlapping orders; take the existing waybills.
 */
export type IssueRejectionKind = 'stop-job' | 'this-order-only' | 'outcome-unknown' | 'already-issued';

/** Parameter values a message is rendered with. */
export type IssueRejectionParams = Readonly<Record<string, string | number>>;

interface Definition {
  kind: IssueRejectionKind;
  /** The spec 7.2 condition, in English. */
  condition: string;
  /** The Chinese message; `{name}` marks a parameter. */
  template: string;
  /** Realistic parameter values, one per placeholder. */
  example: IssueRejectionParams;
}

const definitions = {
  // --- stop the job --------------------------------------------------------------------------
  'branch-balance-insufficient': {
    kind: 'stop-job',
    condition: 'balance insufficient (contact the carrier branch to top up)',
    template: '面单余额不足，请联系快递网点充值（网点{branchCode}剩余{quantity}单，本次需要{needed}单）',
    example: { branchCode: '571058', quantity: 3, needed: 4 },
  },
  'carrier-print-service-not-open': {
    kind: 'stop-job',
    condition: 'carrier print service not yet open for the given carrier code',
    template: '快递公司{cpCode}的云打印面单服务尚未开通',
    example: { cpCode: 'YUNDA' },
  },
  'logistics-service-not-subscribed': {
    kind: 'stop-job',
    condition: 'merchant has not subscribed to the logistics service, or the service does not exist',
    template: '商家未订购物流服务{serviceCode}或该服务不存在',
    example: { serviceCode: 'SVC-COD' },
  },
  'required-logistics-service-missing': {
    kind: 'stop-job',
    condition: 'merchant has not subscribed to the logistics service, or the service does not exist (here: a service the branch requires was not passed)',
    template: '缺少必选物流服务{serviceCode}：网点{branchCode}要求每单传入该服务',
    example: { serviceCode: 'SVC-INSURE', branchCode: '57118' },
  },
  'logistics-service-batch-not-allowed': {
    kind: 'stop-job',
    condition: 'the logistics service does not allow batch issuing',
    template: '物流服务{serviceCode}不支持批量取号，请逐单申请',
    example: { serviceCode: 'SVC-IN-TIME' },
  },
  'sender-address-no-service': {
    kind: 'stop-job',
    condition: 'no matching waybill service for the sender address (use an address from the merchant\'s subscriptions)',
    template: '发货地址没有匹配的面单服务，请使用商家订购关系中的发货地址：{address}',
    example: { address: '浙江省杭州市余杭区仓前街道文一西路1500号' },
  },
  'template-url-malformed': {
    kind: 'stop-job',
    condition: 'template URL malformed',
    template: '模板URL格式错误，应为标准模板地址：{templateUrl}',
    example: { templateUrl: 'https://cloudprint.cainiao.com/template/customArea/1234/1' },
  },
  'template-url-not-platform-domain': {
    kind: 'stop-job',
    condition: 'template URL not on the platform domain',
    template: '模板URL不在平台域名下：{templateUrl}',
    example: { templateUrl: 'https://example.com/template/standard/101/3' },
  },
  'template-not-found': {
    kind: 'stop-job',
    condition: 'template not found',
    template: '模板不存在：{templateUrl}',
    example: { templateUrl: 'https://cloudprint.cainiao.com/template/standard/999999/1' },
  },
  'template-carrier-mismatch': {
    kind: 'stop-job',
    condition: 'template wrong for the carrier (a standard template belongs to one carrier)',
    template: '模板与快递公司不匹配：标准模板{templateId}不属于{cpCode}',
    example: { templateId: '201', cpCode: 'YTO' },
  },
  'product-code-service-not-found': {
    kind: 'stop-job',
    condition: 'service description not found (product_code was sent)',
    template: '服务描述未找到，product_code已不推荐使用，请勿传入：{productCode}',
    example: { productCode: 'STANDARD_EXPRESS' },
  },
  // --- this order only -----------------------------------------------------------------------
  'required-field-empty': {
    kind: 'this-order-only',
    condition: 'a required field is empty',
    template: '必填字段{field}不能为空',
    example: { field: 'trade_order_info_dtos[0].recipient.address.province' },
  },
  'recipient-contact-empty': {
    kind: 'this-order-only',
    condition: 'the recipient needs at least one of phone and mobile',
    template: 'object_id[{objectId}]：收件人手机号码和固定电话不能同时为空',
    example: { objectId: '3312345678901234567' },
  },
  'sender-contact-empty': {
    kind: 'this-order-only',
    condition: 'sender mobile and phone must not both be empty',
    template: '发件人手机号码和固定电话不能同时为空',
    example: {},
  },
  'order-channel-empty': {
    kind: 'this-order-only',
    condition: 'order channel is empty',
    template: 'object_id[{objectId}]：订单渠道order_channels_type不能为空',
    example: { objectId: '3312345678901234567' },
  },
  'cp-code-empty': {
    kind: 'this-order-only',
    condition: 'cp_code and carrier id both empty',
    template: 'cp_code和快递公司ID不能同时为空',
    example: {},
  },
  'recipient-name-too-long': {
    kind: 'this-order-only',
    condition: 'recipient name too long',
    template: 'object_id[{objectId}]：收件人姓名长度不能超过{max}个字符',
    example: { objectId: '3312345678901234567', max: 40 },
  },
  'recipient-province-too-long': {
    kind: 'this-order-only',
    condition: 'recipient province too long',
    template: 'object_id[{objectId}]：收件人省份长度不能超过{max}个字符',
    example: { objectId: '3312345678901234567', max: 20 },
  },
  'recipient-city-too-long': {
    kind: 'this-order-only',
    condition: 'recipient city too long',
    template: 'object_id[{objectId}]：收件人城市长度不能超过{max}个字符',
    example: { objectId: '3312345678901234567', max: 20 },
  },
  'recipient-town-too-long': {
    kind: 'this-order-only',
    condition: 'recipient town too long',
    template: 'object_id[{objectId}]：收件人街道/乡镇长度不能超过{max}个字符',
    example: { objectId: '3312345678901234567', max: 30 },
  },
  'detail-address-too-long': {
    kind: 'this-order-only',
    condition: 'detail address too long',
    template: '详细地址过长：{field}不能超过{max}个字符',
    example: { field: 'trade_order_info_dtos[2].recipient.address.detail', max: 255 },
  },
  'sender-name-too-long': {
    kind: 'this-order-only',
    condition: 'sender name too long',
    template: '发件人姓名长度不能超过{max}个字符',
    example: { max: 39 },
  },
  'sender-mobile-too-long': {
    kind: 'this-order-only',
    condition: 'sender mobile too long',
    template: '发件人手机号码长度不能超过{max}个字符',
    example: { max: 19 },
  },
  'sender-phone-too-long': {
    kind: 'this-order-only',
    condition: 'sender landline too long',
    template: '发件人固定电话长度不能超过{max}个字符',
    example: { max: 19 },
  },
  'item-name-too-long': {
    kind: 'this-order-only',
    condition: 'item name too long',
    template: 'object_id[{objectId}]：商品名称长度不能超过{max}个字符',
    example: { objectId: '3312345678901234567', max: 128 },
  },
  'order-number-too-long': {
    kind: 'this-order-only',
    condition: 'order number too long',
    template: '订单号长度不能超过{max}个字符：{orderNumber}',
    example: { orderNumber: '33123456789012345673312345678901234567001', max: 40 },
  },
  'package-id-too-long': {
    kind: 'this-order-only',
    condition: 'package id / ERP order number too long',
    template: '包裹ID/ERP订单号长度不能超过{max}个字符：{packageId}',
    example: { packageId: 'PKG_3312345678901234567_3312345678901234567', max: 40 },
  },
  'field-too-long': {
    kind: 'this-order-only',
    condition: 'generic field-length limit exceeded',
    template: '字段长度超过限制：{field}不能超过{max}个字符',
    example: { field: 'trade_order_info_dtos[0].recipient.mobile', max: 19 },
  },
  'item-count-not-positive': {
    kind: 'this-order-only',
    condition: 'item count must be greater than 0',
    template: 'object_id[{objectId}]：商品数量必须大于0',
    example: { objectId: '3312345678901234567' },
  },
  'order-number-non-ascii': {
    kind: 'this-order-only',
    condition: 'order number contains non-ASCII characters',
    template: '订单号不能包含非ASCII字符：{orderNumber}',
    example: { orderNumber: '补发3312345678901234567' },
  },
  'order-number-invalid-characters': {
    kind: 'this-order-only',
    condition: 'order number has characters other than digits, letters, underscore and hyphen',
    template: '订单号只能包含数字、字母、下划线和中划线：{orderNumber}',
    example: { orderNumber: '3312345678901234567#2' },
  },
  'package-id-non-ascii': {
    kind: 'this-order-only',
    condition: 'package id / ERP order number contains non-ASCII characters',
    template: '包裹ID/ERP订单号不能包含非ASCII字符：{packageId}',
    example: { packageId: '包裹1' },
  },
  'package-id-invalid-characters': {
    kind: 'this-order-only',
    condition: 'package id has characters other than digits, letters and underscore',
    template: '包裹ID只能包含数字、字母和下划线：{packageId}',
    example: { packageId: 'PKG-1' },
  },
  'duplicate-order-number': {
    kind: 'this-order-only',
    condition: 'duplicate order number within the request',
    template: '同一请求中订单号重复：{orderNumber}',
    example: { orderNumber: '3312345678901234567' },
  },
  'duplicate-object-id': {
    kind: 'this-order-only',
    condition: 'duplicate object_id within the request',
    template: '同一请求中object_id重复：{objectId}',
    example: { objectId: '3312345678901234567' },
  },
  'duplicate-package-id': {
    kind: 'this-order-only',
    condition: 'duplicate package id within the request (case-insensitive)',
    template: '同一批次中包裹ID重复（不区分大小写）：{packageId}',
    example: { packageId: 'PKG_123a' },
  },
  'too-many-entries': {
    kind: 'this-order-only',
    condition: 'more trade_order_info_dtos entries than allowed',
    template: '单次请求最多申请{max}个面单，trade_order_info_dtos共{count}条',
    example: { max: 10, count: 11 },
  },
  'too-many-order-numbers': {
    kind: 'this-order-only',
    condition: 'more order numbers in trade_order_list than allowed',
    template: 'object_id[{objectId}]：trade_order_list最多{max}个订单号',
    example: { objectId: '3312345678901234567', max: 100 },
  },
  'too-many-out-trade-numbers': {
    kind: 'this-order-only',
    condition: 'more external trade or sub-order numbers than allowed',
    template: 'object_id[{objectId}]：外部平台单号列表{field}最多{max}个',
    example: { objectId: '3312345678901234567', field: 'out_trade_order_list', max: 100 },
  },
  'too-many-items': {
    kind: 'this-order-only',
    condition: 'more items in a package than allowed',
    template: 'object_id[{objectId}]：包裹商品最多{max}个',
    example: { objectId: '3312345678901234567', max: 100 },
  },
  'unknown-order-channel': {
    kind: 'this-order-only',
    condition: 'order source not among the allowed channel values',
    template: 'object_id[{objectId}]：订单来源{channel}不在允许的渠道枚举值中',
    example: { objectId: '3312345678901234567', channel: 'TAOBAO' },
  },
  'logistics-services-invalid': {
    kind: 'this-order-only',
    condition: 'logistics service value is not valid JSON, or wrongly passed',
    template: 'object_id[{objectId}]：物流服务logistics_services不是合法的JSON或传值错误',
    example: { objectId: '3312345678901234567' },
  },
  'out-of-coverage': {
    kind: 'this-order-only',
    condition: 'order outside the carrier\'s coverage',
    template: 'object_id[{objectId}]：收件地址{province}超出快递公司{cpCode}的派送范围',
    example: { objectId: '3312345678901234567', province: '西藏自治区', cpCode: 'ZTO' },
  },
  'invalid-oaid': {
    kind: 'this-order-only',
    condition: 'invalid oaid; the message lists the tids concerned',
    template: 'oaid无效，请通过交易全量信息查询接口获取最新的oaid，涉及的tid：{tids}',
    example: { tids: '3312345678901234567' },
  },
  'tid-not-real-order': {
    kind: 'this-order-only',
    condition: 'tid given but not a real platform order id',
    template: 'object_id[{objectId}]：tid{tid}不是真实的平台订单号',
    example: { objectId: '3312345678901234567', tid: '1234' },
  },
  'order-not-of-shop': {
    kind: 'this-order-only',
    condition: 'order number not a real order of the shop named by shop_id (one account, several shops)',
    template: 'object_id[{objectId}]：交易订单{orderNumber}不属于店铺{shopId}，不是真实的本店订单号',
    example: { objectId: '3312345678901234567', orderNumber: '3312345678901234567', shopId: '57301875' },
  },
  // --- outcome unknown -----------------------------------------------------------------------
  'number-generation-unknown-error': {
    kind: 'outcome-unknown',
    condition: 'unknown exception while generating a waybill number (retry or contact support)',
    template: '生成面单号时发生未知异常，请重试或联系客服',
    example: {},
  },
  'temporary-system-error': {
    kind: 'outcome-unknown',
    condition: 'temporary system error (retry)',
    template: '系统临时错误，请稍后重试',
    example: {},
  },
  // --- already issued ------------------------------------------------------------------------
  'order-issued-at-other-branch': {
    kind: 'already-issued',
    condition: 'one trade order cannot be applied at more than one branch',
    template: '交易订单{orderNumbers}已在网点{branchCode}申请过面单，一个交易订单不能在多个网点申请',
    example: { orderNumbers: '3312345678901234567', branchCode: '571001' },
  },
  'orders-overlap-issued': {
    kind: 'already-issued',
    condition: 'requested orders overlap already-issued orders',
    template: '申请的订单与已取号的订单存在重叠：{orderNumbers}',
    example: { orderNumbers: '3312345678901234567,3312345678901234568' },
  },
} as const satisfies Record<string, Definition>;

/** Stable id of a 614 message. */
export type IssueRejectionId = keyof typeof definitions;

/** One 614 message of the catalogue. */
export interface IssueRejection {
  id: IssueRejectionId;
  kind: IssueRejectionKind;
  condition: string;
  template: string;
  /** Names of the template's parameters, in order of appearance. */
  params: readonly string[];
  example: IssueRejectionParams;
}

const placeholder = /\{(\w+)\}/g;

/** Every 614 message the sandbox speaks. */
export const ISSUE_REJECTIONS: readonly IssueRejection[] = Object.entries(definitions).map(([id, definition]) => ({
  id: id as IssueRejectionId,
  ...definition,
  params: [...definition.template.matchAll(placeholder)].map((match) => match[1] ?? ''),
}));

/** The catalogue entry with this id. */
export function issueRejection(id: IssueRejectionId): IssueRejection {
  const rejection = ISSUE_REJECTIONS.find((candidate) => candidate.id === id);
  if (!rejection) throw new Error(`unknown issue rejection ${id}`);
  return rejection;
}

/** The message text for a rejection; throws if a parameter is missing (a sandbox bug). */
export function renderIssueRejection(id: IssueRejectionId, params: IssueRejectionParams = {}): string {
  return definitions[id].template.replace(placeholder, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`issue rejection ${id} needs parameter ${name}`);
    return String(value);
  });
}
