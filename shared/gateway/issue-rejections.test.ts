import { describe, expect, it } from 'vitest';
import { ISSUE_REJECTIONS, issueRejection, renderIssueRejection, type IssueRejectionId, type IssueRejectionKind } from './issue-rejections';

/** A template as a regular expression: parameters match any text. */
const templatePattern = (template: string) =>
  new RegExp(`^${template.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`, 's');

describe('614 message catalogue', () => {
  it('has unique ids and unique templates', () => {
    expect(new Set(ISSUE_REJECTIONS.map((r) => r.id)).size).toBe(ISSUE_REJECTIONS.length);
    expect(new Set(ISSUE_REJECTIONS.map((r) => r.template)).size).toBe(ISSUE_REJECTIONS.length);
  });

  it('renders every example with exactly the declared parameters, in Chinese', () => {
    for (const rejection of ISSUE_REJECTIONS) {
      expect(Object.keys(rejection.example).sort(), rejection.id).toEqual([...new Set(rejection.params)].sort());
      const message = renderIssueRejection(rejection.id, rejection.example);
      expect(message, rejection.id).not.toMatch(/\{\w+\}/);
      expect(message, rejection.id).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('tells every rendered message apart: no example matches another template', () => {
    for (const rejection of ISSUE_REJECTIONS) {
      const message = renderIssueRejection(rejection.id, rejection.example);
      const matching = ISSUE_REJECTIONS.filter((other) => templatePattern(other.template).test(message)).map((other) => other.id);
      expect(matching, message).toEqual([rejection.id]);
    }
  });

  it('refuses to render with a parameter missing', () => {
    expect(() => renderIssueRejection('branch-balance-insufficient', { branchCode: '571001' })).toThrow(/quantity/);
  });

  it('gives the kinds decisions.md lists', () => {
    // decisions.md "Errors and what the client does", 614 kinds, condition by condition.
    const expected: Array<[IssueRejectionId, IssueRejectionKind]> = [
      ['branch-balance-insufficient', 'stop-job'],
      ['carrier-print-service-not-open', 'stop-job'],
      ['logistics-service-not-subscribed', 'stop-job'],
      ['sender-address-no-service', 'stop-job'],
      ['template-carrier-mismatch', 'stop-job'],
      ['logistics-service-batch-not-allowed', 'stop-job'],
      ['required-field-empty', 'this-order-only'],
      ['recipient-name-too-long', 'this-order-only'],
      ['order-number-non-ascii', 'this-order-only'],
      ['item-count-not-positive', 'this-order-only'],
      ['duplicate-object-id', 'this-order-only'],
      ['duplicate-package-id', 'this-order-only'],
      ['out-of-coverage', 'this-order-only'],
      ['invalid-oaid', 'this-order-only'],
      ['number-generation-unknown-error', 'outcome-unknown'],
      ['temporary-system-error', 'outcome-unknown'],
      ['orders-overlap-issued', 'already-issued'],
      ['order-issued-at-other-branch', 'already-issued'],
    ];
    for (const [id, kind] of expected) expect(issueRejection(id).kind, id).toBe(kind);
    // Every message that says a field is empty or too long isolates one order.
    for (const rejection of ISSUE_REJECTIONS.filter((r) => /too-long|empty|duplicate|too-many|non-ascii|invalid-characters/.test(r.id))) {
      expect(rejection.kind, rejection.id).toBe('this-order-only');
    }
    // Template problems are settings problems: every template message stops the job.
    for (const rejection of ISSUE_REJECTIONS.filter((r) => r.id.startsWith('template-'))) expect(rejection.kind, rejection.id).toBe('stop-job');
  });

  it('speaks the messages the gateway is known for', () => {
    expect(renderIssueRejection('branch-balance-insufficient', issueRejection('branch-balance-insufficient').example)).toContain('余额不足');
    expect(renderIssueRejection('order-number-non-ascii', { orderNumber: 'x' })).toContain('订单号不能包含非ASCII字符');
  });
});
