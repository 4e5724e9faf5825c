import { describe, expect, it } from 'vitest';
import type { StartUpReport } from '../../../shared/domain/issuing';
import { reportHasFindings } from './startup-report-facts';

const clean: StartUpReport = { reconciled: { recovered: [], issuedElsewhere: [], notIssued: [], unresolved: [] }, interruptedJobs: [], labelsQueued: 0, waiting: [] };

describe('the start-up report', () => {
  it('has nothing to show after a clean quit', () => {
    expect(reportHasFindings(clean)).toBe(false);
  });

  it('has findings when orders were reconciled, jobs interrupted or labels queued again', () => {
    expect(reportHasFindings({ ...clean, reconciled: { ...clean.reconciled, recovered: ['1'] } })).toBe(true);
    expect(reportHasFindings({ ...clean, interruptedJobs: ['job-1'] })).toBe(true);
    expect(reportHasFindings({ ...clean, labelsQueued: 2 })).toBe(true);
  });

  it('has findings when orders or labels wait for another gateway or shop', () => {
    expect(reportHasFindings({ ...clean, waiting: [{ gateway: { baseUrl: 'https://gateway.example.com', shopId: '8800' }, orders: 2, labels: 3 }] })).toBe(true);
  });
});
