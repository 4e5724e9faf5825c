import { describe, expect, it } from 'vitest';
import { GATEWAY_MESSAGES } from '../../shared/gateway/envelope-codes';
import { errorFromEnvelope, findAuthorizationUrl } from './envelope-errors';

const context = { sellerNick: 'tea-shop', shopId: '57301862', accountSentAs: 'nick' } as const;
const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });

describe('errorFromEnvelope', () => {
  it('maps every code of spec section 7 to its own error code', () => {
    const cases: Array<[number, string, string]> = [
      [100, GATEWAY_MESSAGES.parameterError, 'gateway.parameter-error'],
      [101, GATEWAY_MESSAGES.timedOut, 'gateway.timed-out'],
      [103, GATEWAY_MESSAGES.nickNotFound, 'gateway.nickname-not-found'],
      [200, GATEWAY_MESSAGES.systemError, 'gateway.system-error'],
      [202, GATEWAY_MESSAGES.busy, 'gateway.busy'],
      [202, GATEWAY_MESSAGES.rateLimitExceeded, 'gateway.rate-limited'],
      [203, '接口暂不支持', 'gateway.not-supported'],
      [204, GATEWAY_MESSAGES.noPermission, 'gateway.no-permission'],
      [204, GATEWAY_MESSAGES.noQuota, 'gateway.no-quota'],
      [302, GATEWAY_MESSAGES.shopNotAuthorized, 'gateway.shop-not-authorized'],
      [401, GATEWAY_MESSAGES.tokenInvalid, 'gateway.unauthorized-token'],
      [614, '面单余额不足，请联系快递网点充值', 'gateway.issue-rejected.stop-job'],
      [614, '系统临时错误，请稍后重试', 'gateway.issue-rejected.outcome-unknown'],
      [614, '同一请求中订单号重复：1', 'gateway.issue-rejected.this-order-only'],
      [614, '申请的订单与已取号的订单存在重叠：1', 'gateway.issue-rejected.already-issued'],
      [999, '？', 'gateway.unknown-code'],
    ];
    for (const [code, msg, expected] of cases) expect(errorFromEnvelope(envelope(code, msg), context)?.code, `${code} ${msg}`).toBe(expected);
    expect(errorFromEnvelope(envelope(0, 'success'), context)).toBeNull();
  });

  it('tells the two 204s apart in English too', () => {
    expect(errorFromEnvelope(envelope(204, 'Insufficient call quota'), context)?.code).toBe('gateway.no-quota');
    expect(errorFromEnvelope(envelope(204, 'No permission for this interface'), context)?.code).toBe('gateway.no-permission');
  });

  it('names the nickname of a 103 and keeps the gateway message', () => {
    expect(errorFromEnvelope(envelope(103, '账号昵称不存在'), context)?.params).toEqual({ message: '账号昵称不存在', nick: 'tea-shop' });
  });

  it('reads a 103 to a call that sent the shop id as an unknown shop, never as a wrong nickname', () => {
    const error = errorFromEnvelope(envelope(103, '账号昵称不存在'), { ...context, accountSentAs: 'shop-id' });
    expect(error).toMatchObject({ code: 'gateway.shop-not-found', params: { message: '账号昵称不存在', shopId: '57301862' } });
  });
});

describe('findAuthorizationUrl', () => {
  it('takes the first http(s) URL in data at any depth, else in msg', () => {
    expect(findAuthorizationUrl(envelope(302, 'x', { auth_url: 'https://auth.example/scan?shop=1' }))).toBe('https://auth.example/scan?shop=1');
    expect(findAuthorizationUrl(envelope(302, 'x', { detail: { links: ['ftp://no', 'see http://auth.example/a，请扫码'] } }))).toBe('http://auth.example/a');
    expect(findAuthorizationUrl(envelope(302, '店铺未授权，请扫码授权：https://auth.example/m'))).toBe('https://auth.example/m');
    expect(findAuthorizationUrl(envelope(302, '店铺未授权'))).toBe('');
  });
});
