import { describe, expect, it } from 'vitest';
import { errorCatalog } from './error-catalog';
import { reasonParams, reasonText } from './error-reasons';

describe('failure reasons in words', () => {
  it('names a reason by its catalog text in either language, one case’s details left out', () => {
    expect(reasonParams('gateway.issue-rejected.this-order-only')).toEqual({ message: '…' });
    expect(reasonText('gateway.issue-rejected.this-order-only', 'en')).toBe('The gateway rejected an order of this request: …');
    expect(reasonText('gateway.issue-rejected.this-order-only', 'zh')).toBe('网关拒绝了该请求中的某个订单：…');
    expect(reasonText('issuing.order-held-back', 'en')).toBe('Order … has the order status …, which Settings holds back (it may be refunded or already shipped).');
    expect(reasonText('issuing.job-interrupted', 'zh')).toBe(errorCatalog['issuing.job-interrupted'].zh.text);
  });

  it('leaves no placeholder in any code’s words, and names an unknown code as it is', () => {
    for (const code of Object.keys(errorCatalog)) for (const language of ['en', 'zh'] as const) expect(reasonText(code, language)).not.toMatch(/\{\{|\}\}/);
    expect(reasonText('', 'en')).toBe('');
    expect(reasonText('gateway.something-new', 'zh')).toBe('gateway.something-new');
  });
});
