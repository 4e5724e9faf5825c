import type { StartUpReport } from '../../../shared/domain/issuing';

/** True when the start-up pass found anything the packer should see (a crash or quit left work behind, or work waits for another gateway). */
export function reportHasFindings(report: StartUpReport): boolean {
  const { reconciled } = report;
  return (
    reconciled.recovered.length +
      reconciled.issuedElsewhere.length +
      reconciled.notIssued.length +
      reconciled.unresolved.length +
      report.interruptedJobs.length +
      report.labelsQueued +
      report.waiting.length >
    0
  );
}
