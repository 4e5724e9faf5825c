import { describe, expect, it } from 'vitest';
import { reasonText } from '../../../shared/errors/error-reasons';
import { setupI18n } from '../i18n/setup-i18n';
import { failureReasonText } from './failure-reason';

describe('the statistics’ failure reasons in the UI’s words', () => {
  it('words each reason as the desk’s error localization does, in both languages, details left out', async () => {
    const i18n = await setupI18n('en');
    const code = 'gateway.issue-rejected.this-order-only';
    expect(failureReasonText(i18n.t, code)).toBe('The gateway rejected an order of this request: …');
    expect(failureReasonText(i18n.t, 'issuing.order-held-back')).toBe(reasonText('issuing.order-held-back', 'en'));
    expect(failureReasonText(i18n.t, 'gateway.something-new')).toBe('gateway.something-new');
    await i18n.changeLanguage('zh-CN');
    expect(failureReasonText(i18n.t, code)).toBe('网关拒绝了该请求中的某个订单：…');
    expect(failureReasonText(i18n.t, 'issuing.order-held-back')).toBe(reasonText('issuing.order-held-back', 'zh'));
  });
});
