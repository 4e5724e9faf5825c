import { Button, Checkbox, Descriptions, Progress, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EstimatedJobSummary, JobOrderView, OrderViewState } from '../../../shared/domain/issuing';
import type { StationError } from '../../../shared/errors/station-error';
import { useUiStoreApi } from '../app/ui-store-context';
import { unwrapResult, useStation } from '../bridge/station-context';
import { JobStopPanel } from '../error-flows/job-stop-panel';
import { PrintQueueNotice } from '../error-flows/print-queue-notice';
import { StationErrorLine } from '../error-flows/station-error-line';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { LabelPreviewDialog } from './label-preview-dialog';
import { LabelTruth } from './label-truth';
import { StallPanel } from './stall-panel';
import { PlainTable } from './plain-table';
import { isJobSettled, useJob } from './use-job';
import { useEstimateTotal } from './cost-estimate-text';
import { useHeldBackErrorText } from '../orders/use-order-status-names';

/** Whether an order was left out because Settings holds back its status: the desk's choice, never a failure. */
const isHeldBack = (error: StationError | null | undefined): boolean => error?.code === 'issuing.order-held-back';

/** The tag colour of each order state: green done, red failed, orange needing a look. */
const stateColour: Record<OrderViewState, string> = {
  planned: 'default',
  pending: 'processing',
  issued: 'success',
  recovered: 'success',
  elsewhere: 'warning',
  failed: 'error',
  skipped: 'default',
  invalid: 'error',
  'already-issued': 'default',
  moved: 'default',
  held: 'default',
};

/** The end-of-job summary: what was issued, recovered, issued elsewhere, failed, held back; printed; the points estimated beside those spent. */
function JobSummaryResult({ summary }: { summary: EstimatedJobSummary }) {
  const { t } = useTranslation();
  const total = useEstimateTotal();
  const { job } = summary;
  const heldBack = summary.failed.filter((order) => isHeldBack(order.error)).length;
  const failed = summary.failed.length - heldBack;
  // A job whose labels did not all print never shows success: its title says how many did not.
  const notPrinted = summary.labelProblems.filter((problem) => problem.state === 'failed').length;
  const unknown = summary.labelProblems.length - notPrinted;
  const clean = job.state === 'done' && failed === 0 && summary.issuedElsewhere.length === 0 && summary.unresolved.length === 0 && summary.labelProblems.length === 0;
  const title =
    notPrinted > 0 ? t('printTruth.summary.notPrintedTitle', { count: notPrinted })
    : unknown > 0 ? t('printTruth.summary.unknownTitle', { count: unknown })
    : t(`issuePrint.job.ending.${job.state}`);
  return (
    <Result
      status={clean ? 'success' : notPrinted > 0 ? 'error' : 'warning'}
      title={title}
      subTitle={
        <Descriptions size="small" column={3} aria-label={t('issuePrint.job.summaryLabel')}>
          <Descriptions.Item label={t('issuePrint.job.issued')}>{summary.issued.length}</Descriptions.Item>
          <Descriptions.Item label={t('issuePrint.job.recovered')}>{summary.recovered.length}</Descriptions.Item>
          <Descriptions.Item label={t('issuePrint.job.elsewhere')}>{summary.issuedElsewhere.length}</Descriptions.Item>
          <Descriptions.Item label={t('issuePrint.job.failed')}>{failed}</Descriptions.Item>
          {heldBack > 0 ? <Descriptions.Item label={t('issuePrint.job.heldBack')}>{heldBack}</Descriptions.Item> : null}
          <Descriptions.Item label={t('issuePrint.job.printed')}>{summary.printed}</Descriptions.Item>
          {summary.estimate ? <Descriptions.Item label={t('issuePrint.estimate.estimated')}>{total(summary.estimate.points)}</Descriptions.Item> : null}
          <Descriptions.Item label={t('issuePrint.estimate.spent')}>{t('common.points', { count: summary.points })}</Descriptions.Item>
        </Descriptions>
      }
    />
  );
}

/** The job's orders, one line each: state, waybill, and for a failed or invalid order the reason and fix. */
/** Orders that did not get a waybill: failed at the gateway, or kept back by validation. */
const NOT_ISSUED: ReadonlySet<JobOrderView['state']> = new Set<JobOrderView['state']>(['failed', 'invalid']);

/** The job's orders, each with its state and reason; "failed only" narrows a big job to what needs fixing. */
function JobOrdersTable({ orders }: { orders: JobOrderView[] }) {
  const { t } = useTranslation();
  const heldBackText = useHeldBackErrorText();
  const [failedOnly, setFailedOnly] = useState(false);
  const failed = orders.filter((order) => NOT_ISSUED.has(order.state));
  return (
    <div className="drawer-column">
      {failed.length > 0 ? (
        <Checkbox checked={failedOnly} onChange={(event) => setFailedOnly(event.target.checked)}>
          {t('issuePrint.job.failedOnly', { count: failed.length })}
        </Checkbox>
      ) : null}
      <PlainTable<JobOrderView>
        label={t('issuePrint.job.ordersLabel')}
        rows={failedOnly ? failed : orders}
        rowKey={(order) => order.orderNumber}
        columns={[
          { key: 'position', title: '#', width: 56, render: (order) => order.position + 1 },
          { key: 'order', title: t('issuePrint.job.order'), render: (order) => <Typography.Text code>{order.orderNumber}</Typography.Text> },
          { key: 'state', title: t('issuePrint.job.state'), width: 150, render: (order) =>
              isHeldBack(order.problems[0]) ? <Tag>{t('issuePrint.orderState.heldBack')}</Tag> : <Tag color={stateColour[order.state]}>{t(`issuePrint.orderState.${order.state}`)}</Tag>,
          },
          { key: 'waybill', title: t('issuePrint.job.waybill'), render: (order) => order.waybillCode ?? '—' },
          {
            key: 'reason',
            title: t('issuePrint.job.reason'),
            render: (order) => {
              const error = order.error ?? order.problems[0] ?? null;
              if (error) return <StationErrorLine error={isHeldBack(error) ? heldBackText(order.shopId, error) : error} />;
              // Not an error, but the desk must know why no label came out for it, and where to find it.
              return order.state === 'elsewhere' ? <Typography.Text type="secondary">{t('issuePrint.job.elsewhereReason', { waybillCode: order.waybillCode ?? '—' })}</Typography.Text> : null;
            },
          },
        ]}
      />
    </div>
  );
}

/**
 * A job as it runs: progress of issuing and printing, each order's state, why it stopped and the
 * way out (token, authorization, remedy), cancel and retry; the summary once it ends, kept until
 * dismissed.
 */
export function JobLiveView({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const station = useStation();
  const store = useUiStoreApi();
  const { summary, orders } = useJob(jobId);
  const [actionError, setActionError] = useState<StationError | null>(null);
  const [busy, setBusy] = useState(false);
  if (summary.isError) return <StationErrorAlert error={stationErrorOf(summary.error)} />;
  if (summary.isPending || !summary.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const { job } = summary.data;
  const refresh = () => Promise.all([summary.refetch(), orders.refetch()]);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await action();
      await refresh();
    } catch (caught) {
      setActionError(stationErrorOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const retry = () => run(() => unwrapResult(station['jobs.retry']({ jobId })));
  const cancel = () => run(() => unwrapResult(station['jobs.cancel']({ jobId })));
  const confirmPreview = () => run(() => unwrapResult(station['jobs.confirm-preview']({ jobId })));
  const hold = job.printHold;
  const counts = job.orders;
  const toIssue = counts.total - counts.invalid - counts['already-issued'] - counts.moved - counts.held;
  const settled = counts.issued + counts.recovered + counts.elsewhere + counts.failed + counts.skipped;
  const labels = job.labels;
  const labelTotal = labels.queued + labels.sent + labels.accepted + labels.printed + labels.failed + labels.unknown;
  const running = job.ending === null && (job.state === 'issuing' || job.state === 'planned' || job.state === 'printing');
  const canRetry = job.ending !== null && (counts.failed > 0 || counts.pending > 0 || counts.planned > 0 || job.stopError !== null);

  return (
    <div className="job-live drawer-column">
      <Space size="large" wrap>
        <Tag color={running ? 'processing' : 'default'}>{t(`issuePrint.job.state_${job.state}`)}</Tag>
        {job.waiting ? <Tag color="warning">{t('issuePrint.job.waiting')}</Tag> : null}
        {hold ? <Tag color="warning">{t('issuePrint.job.heldForPreview')}</Tag> : null}
        {hold?.firstLabel ? <span>{t('issuePrint.job.firstLabel', { waybillCode: hold.firstLabel.waybillCode })}</span> : null}
        <span>{t('issuePrint.job.points')}: {job.points}</span>
      </Space>
      <div aria-label={t('issuePrint.job.issuingProgress')} role="group">
        {t('issuePrint.job.issuingCount', { settled, total: toIssue })}
        <Progress percent={toIssue === 0 ? 100 : Math.round((settled / toIssue) * 100)} status={job.stopError ? 'exception' : undefined} />
      </div>
      <div aria-label={t('issuePrint.job.printingProgress')} role="group">
        {/* While the job still issues, the labels so far are not the job's: the count says so, never "1 of 20" for a job of 50. */}
        {t(job.state === 'issuing' || job.state === 'planned' ? 'issuePrint.job.printingCountSoFar' : 'issuePrint.job.printingCount', { printed: labels.printed, total: labelTotal })}
        <Progress percent={labelTotal === 0 ? 0 : Math.round((labels.printed / labelTotal) * 100)} status={labels.failed > 0 ? 'exception' : undefined} />
      </div>
      <PrintQueueNotice />
      <StallPanel jobId={jobId} onChanged={refresh} />
      <LabelTruth summary={summary.data} onChanged={refresh} />
      {job.stopError ? <JobStopPanel error={job.stopError} resume={retry} /> : null}
      {actionError ? <StationErrorAlert error={actionError} /> : null}
      {isJobSettled(job) ? <JobSummaryResult summary={summary.data} /> : null}
      <Space className="drawer-actions">
        {running ? (
          <Button danger loading={busy} onClick={() => void cancel()}>
            {t('issuePrint.job.cancel')}
          </Button>
        ) : null}
        {canRetry ? (
          <Button type="primary" loading={busy} onClick={() => void retry()}>
            {t('issuePrint.job.retry')}
          </Button>
        ) : null}
        <Button onClick={() => store.getState().closeIssue()}>{isJobSettled(job) ? t('issuePrint.job.dismiss') : t('issuePrint.job.hide')}</Button>
      </Space>
      {orders.data ? <JobOrdersTable orders={orders.data} /> : <Skeleton active />}
      {hold?.firstLabel ? (
        <LabelPreviewDialog job={job} firstLabel={hold.firstLabel} labels={hold.labels} busy={busy} onPrintAll={() => void confirmPreview()} onStop={() => void cancel()} />
      ) : null}
    </div>
  );
}
