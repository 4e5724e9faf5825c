import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from './error-catalog';
import type { ErrorCode } from './error-catalog';
import { buildErrorResources, errorNamespace, errorRemedyKey, errorTextKey } from './error-resources';
import { describeError, placeholderPattern, stationError } from './station-error';

const codes = Object.keys(errorCatalog) as ErrorCode[];

function placeholders(template: string): Set<string> {
  return new Set([...template.matchAll(placeholderPattern)].map((match) => match[1] ?? ''));
}

describe('error catalog', () => {
  it('has English and Chinese text and remedy for every code', () => {
    for (const code of codes) {
      const entry = errorCatalog[code];
      for (const language of ['en', 'zh'] as const) {
        expect(entry[language].text.trim(), `${code} ${language} text`).not.toBe('');
        expect(entry[language].remedy.trim(), `${code} ${language} remedy`).not.toBe('');
      }
      expect(/[\u4e00-\u9fff]/.test(entry.zh.text), `${code} zh text is Chinese`).toBe(true);
      expect(/[\u4e00-\u9fff]/.test(entry.zh.remedy), `${code} zh remedy is Chinese`).toBe(true);
      expect(/[\u4e00-\u9fff]/.test(entry.en.text + entry.en.remedy), `${code} en is not Chinese`).toBe(false);
    }
  });

  it('uses the same {{params}} in Chinese as in English, for text and remedy together', () => {
    for (const code of codes) {
      const entry = errorCatalog[code];
      const en = placeholders(entry.en.text + entry.en.remedy);
      const zh = placeholders(entry.zh.text + entry.zh.remedy);
      expect([...zh].sort(), code).toEqual([...en].sort());
    }
  });

  it('covers every code of spec section 7, the kinds of 614 and the transport failures', () => {
    const required: ErrorCode[] = [
      'gateway.parameter-error', // 100
      'gateway.timed-out', // 101
      'gateway.nickname-not-found', // 103 to the subscription (sent the nickname)
      'gateway.shop-not-found', // 103 to the other endpoints (sent the shop id)
      'gateway.system-error', // 200
      'gateway.busy', // 202
      'gateway.rate-limited', // 202, rate limit exceeded
      'gateway.not-supported', // 203
      'gateway.no-permission', // 204
      'gateway.no-quota', // 204
      'gateway.shop-not-authorized', // 302
      'gateway.unauthorized-token', // 401
      'gateway.path-not-found', // 404
      'gateway.issue-rejected.stop-job',
      'gateway.issue-rejected.this-order-only',
      'gateway.issue-rejected.outcome-unknown',
      'gateway.issue-rejected.already-issued',
      'transport.timeout',
      'transport.refused',
      'transport.reset',
      'transport.unparsable',
      'cancelled',
    ];
    for (const code of required) expect(codes).toContain(code);
  });

  it('marks an unchanged retry as hopeless for everything that needs a person or a reconciliation', () => {
    expect(stationError('gateway.unauthorized-token', { message: 'x' }).retryable).toBe(false);
    expect(stationError('gateway.issue-answer-lost', {}).retryable).toBe(false);
    expect(stationError('gateway.issue-rejected.outcome-unknown', { message: 'x' }).retryable).toBe(false);
    expect(stationError('gateway.busy', { message: 'x' }).retryable).toBe(true);
    expect(stationError('transport.timeout', { timeoutMs: 5 }).retryable).toBe(true);
  });

  it('loads into i18next as resources and localizes by code and params', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'zh-CN',
      fallbackLng: 'en',
      ns: [errorNamespace],
      resources: {
        en: { [errorNamespace]: buildErrorResources('en') },
        'zh-CN': { [errorNamespace]: buildErrorResources('zh') },
      },
      interpolation: { escapeValue: false },
    });
    const error = stationError('validation.too-long', { orderId: 'T1', field: 'recipient.name', length: 41, limit: 40 });
    expect(i18n.t(errorTextKey(error.code), error.params)).toBe('订单 T1：recipient.name 有 41 个字符，上限为 40。');
    expect(i18n.t(errorRemedyKey(error.code), error.params)).toBe('请将 recipient.name 缩短到不超过 40 个字符。');
    await i18n.changeLanguage('en');
    for (const code of codes) {
      const params = Object.fromEntries([...placeholders(errorCatalog[code].en.text + errorCatalog[code].en.remedy)].map((name) => [name, `<${name}>`]));
      const described = describeError({ code, params, retryable: errorCatalog[code].retryable });
      expect(i18n.t(errorTextKey(code), params), code).toBe(described.text);
      expect(i18n.t(errorRemedyKey(code), params), code).toBe(described.remedy);
    }
  });
});
