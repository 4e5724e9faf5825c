import { describe, expect, it } from 'vitest';
import { ISSUE_REJECTIONS, renderIssueRejection } from '../../shared/gateway/issue-rejections';
import { classifyIssueRejection } from './issue-rejection-kind';

describe('classifyIssueRejection', () => {
  it.each(ISSUE_REJECTIONS.map((rejection) => [rejection.id, rejection] as const))(
    'classifies the sandbox message %s as its declared kind',
    (_id, rejection) => {
      expect(classifyIssueRejection(renderIssueRejection(rejection.id, rejection.example))).toBe(rejection.kind);
    },
  );

  it.each(ISSUE_REJECTIONS.map((rejection) => [rejection.condition, rejection.kind] as const))(
    'classifies the English condition "%s" as %s',
    (condition, kind) => {
      expect(classifyIssueRejection(condition)).toBe(kind);
    },
  );

  it('is not misled by English field names quoted in a Chinese message', () => {
    expect(classifyIssueRejection('必填字段trade_order_info_dtos[0].template_url不能为空')).toBe('this-order-only');
    expect(classifyIssueRejection('字段长度超过限制：logistics_services不能超过512个字符')).toBe('this-order-only');
  });

  it('treats an unknown rejection as stop-job, so no points are spent guessing', () => {
    expect(classifyIssueRejection('某种从未见过的拒绝原因')).toBe('stop-job');
    expect(classifyIssueRejection('')).toBe('stop-job');
  });
});
