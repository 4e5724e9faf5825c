import { Drawer, Steps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { overlayContainer } from '../app/overlay-container';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import { useStation } from '../bridge/station-context';
import { IssuePlanView } from './issue-plan-view';
import { JobLiveView } from './job-live-view';
import { useJobEndings } from './use-job-endings';
import { useScanToPrint } from './use-scan-to-print';

/**
 * Brings back a job whose first label is ready for its look while the drawer was closed: its
 * printing waits for that decision, so it must never wait unseen.
 */
function useHeldJobsShown(): void {
  const station = useStation();
  const store = useUiStoreApi();
  useEffect(
    () =>
      station.on('jobs.changed', (job) => {
        const { issueView, showJob } = store.getState();
        if (job.printHold?.firstLabel && issueView.kind === 'closed') showJob(job.id);
      }),
    [station, store],
  );
}

/** Issue & print in one drawer: the plan first, then the job's live view and its summary (beside the desk for a scan-to-print job). */
export function IssuePrintDrawer() {
  const { t } = useTranslation();
  const view = useUi((state) => state.issueView);
  const store = useUiStoreApi();
  useScanToPrint();
  useJobEndings();
  useHeldJobsShown();
  const step = view.kind === 'plan' ? 0 : 1;
  // A scan-to-print job stays beside the desk: narrow enough to leave the scan panel in view, no mask.
  const beside = view.kind === 'job' && view.beside;
  return (
    <Drawer
      open={view.kind !== 'closed'}
      onClose={() => store.getState().closeIssue()}
      title={t('issuePrint.title')}
      size={beside ? 500 : 960}
      mask={!beside}
      destroyOnHidden
      getContainer={overlayContainer}
    >
      <Steps size="small" current={step} items={[{ title: t('issuePrint.steps.plan') }, { title: t('issuePrint.steps.live') }]} className="issue-print__steps" />
      {view.kind === 'plan' ? <IssuePlanView orders={view.orders} /> : null}
      {view.kind === 'job' ? <JobLiveView key={view.jobId} jobId={view.jobId} /> : null}
    </Drawer>
  );
}
