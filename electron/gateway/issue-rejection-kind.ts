import type { IssueRejectionKind } from '../../shared/gateway/issue-rejections';

/** Phrases that mark each kind of 614 message, most specific kind first. */
interface KindRule {
  kind: IssueRejectionKind;
  phrases: readonly string[];
}

/**
 * Chinese phrases (the gateway speaks Chinese). Checked before the English ones because Chinese
 * messages quote English field names (template_url, logistics_services) that English phrases
 * would misread.
 */
const chineseRules: readonly KindRule[] = [
  { kind: 'already-issued', phrases: ['已申请过面单', '已取号', '重叠', '不能在多个网点', '已经申请'] },
  { kind: 'outcome-unknown', phrases: ['未知异常', '临时错误', '系统异常'] },
  {
    kind: 'stop-job',
    phrases: ['余额不足', '尚未开通', '未开通', '未订购', '必选物流服务', '不支持批量', '没有匹配的面单服务', '模板', '服务描述未找到'],
  },
  {
    kind: 'this-order-only',
    phrases: [
      '不能为空', '不能同时为空', '长度', '过长', '超过限制', '必须大于', '非ASCII', '只能包含', '重复', '最多',
      '渠道', '不是合法的JSON', '传值错误', '派送范围', '超区', 'oaid', '不是真实',
    ],
  },
];

/** English phrases (lower case), for gateways or proxies that answer in English. */
const englishRules: readonly KindRule[] = [
  { kind: 'already-issued', phrases: ['already issued', 'already been issued', 'already applied', 'overlap', 'more than one branch'] },
  { kind: 'outcome-unknown', phrases: ['unknown exception', 'unknown error', 'temporary system error', 'temporary error'] },
  {
    kind: 'stop-job',
    phrases: ['balance', 'not open', 'not subscribed', 'required service', 'batch', 'no matching', 'template', 'service description', 'product_code'],
  },
  {
    kind: 'this-order-only',
    phrases: [
      'empty', 'too long', 'exceed', 'greater than', 'non-ascii', 'characters other than', 'duplicate', 'than allowed',
      'at most', 'channel', 'valid json', 'wrongly passed', 'coverage', 'oaid', 'not a real', 'phone', 'mobile',
    ],
  },
];

function matchRules(text: string, rules: readonly KindRule[]): IssueRejectionKind | null {
  for (const rule of rules) {
    if (rule.phrases.some((phrase) => text.includes(phrase))) return rule.kind;
  }
  return null;
}

/** The kind a rejection message names, or null when it matches nothing known. */
export function recognisedIssueRejection(message: string): IssueRejectionKind | null {
  return matchRules(message, chineseRules) ?? matchRules(message.toLowerCase(), englishRules);
}

/**
 * What a code-614 message means for the job, from its Chinese or English text. A message that
 * matches nothing known is `stop-job`: a 614 rejects the whole call, so nothing was issued, and
 * an unexplained rejection needs a person — retrying or splitting would only spend points.
 */
export function classifyIssueRejection(message: string): IssueRejectionKind {
  return recognisedIssueRejection(message) ?? 'stop-job';
}
