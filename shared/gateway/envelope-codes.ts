/**
 * Envelope codes (spec 7.1 and 7.2) and the messages the sandbox answers with besides code 614
 * (whose messages are in `issue-rejections.ts`). The client tells the two 204 answers and the
 * rate-limit 202 apart by their text; these are the texts the sandbox speaks.
 */

/** The envelope codes of spec section 7, by meaning. */
export const GATEWAY_CODES = {
  success: 0,
  parameterError: 100,
  timedOut: 101,
  nickNotFound: 103,
  systemError: 200,
  busy: 202,
  notSupported: 203,
  noAccess: 204,
  shopNotAuthorized: 302,
  tokenInvalid: 401,
  notFound: 404,
  issueRejected: 614,
} as const;

/** Messages of the non-614 answers the sandbox gives. */
export const GATEWAY_MESSAGES = {
  success: 'success',
  parameterError: '请求参数错误',
  timedOut: '请求超时，请重试',
  nickNotFound: '账号昵称不存在',
  systemError: '系统错误，请检查接口地址或联系客服',
  busy: '系统繁忙，请稍后重试',
  /** decisions.md: the over-rate 202 says exactly this; a call answered so was not processed. */
  rateLimitExceeded: 'rate limit exceeded',
  noPermission: '没有该接口的访问权限，请先开通接口权限',
  noQuota: '接口调用额度不足，请充值后再试',
  shopNotAuthorized: '店铺未授权，请扫码授权',
  tokenInvalid: '凭证无效，请在请求头中设置access token并刷新',
  notFound: '请求路径或请求方法错误',
} as const;
