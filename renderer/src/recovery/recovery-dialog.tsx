import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiStoreApi } from '../app/ui-store-context';
import { unwrapResult, useStation } from '../bridge/station-context';
import { useDesksQuery, useStationInfoQuery } from '../bridge/station-queries';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { SHARE_REFUSALS_BEFORE_SET_ASIDE } from '../../../shared/domain/desks';
import { DEMO_GATEWAY, UNKNOWN_GATEWAY } from '../../../shared/domain/gateway-identity';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { printWaitOf } from '../history/print-wait';
import { PrintWaitNote } from '../history/print-wait-note';
import { useReprintLabels } from '../history/use-reprint-labels';
import { usePrintQueueStatus } from '../issue-print/use-job';
import type { StationError } from '../../../shared/errors/station-error';
import { MAX_AUTOMATIC_SENDS } from '../../../shared/domain/printing';
import { reportHasFindings } from './startup-report-facts';

/**
 * Shown at start when a crash or quit left work behind: what the reconciliation found, the
 * interrupted jobs (resume each), and the labels whose print outcome is unknown — the packer
 * looks at the desk and decides: print again, or they came out (a label sent to the output not
 * chosen now says it waits for that one, and is not printed again here). Labels the component
 * refused as often as the queue sends by itself wait for a reprint; jobs whose printing waits for
 * the look at their first label are listed too, to open and decide.
 */
export function RecoveryDialog() {
  const { t } = useTranslation();
  const station = useStation();
  const store = useUiStoreApi();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [dismissed, setDismissed] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  const info = useStationInfoQuery();
  // Asked again once the settings no longer need attention: the start-up pass has run then.
  const attention = info.data?.settingsNeedAttention ?? false;
  const report = useQuery({ queryKey: ['startup-report', attention], queryFn: () => unwrapResult(station['jobs.startup-report']({})), staleTime: Infinity });
  const unknown = useQuery({
    queryKey: ['history', 'print-unknown'],
    queryFn: () => unwrapResult(station['history.search']({ states: ['print-unknown'], limit: 200 })),
    staleTime: Infinity,
  });
  const failed = useQuery({
    queryKey: ['history', 'print-failed'],
    queryFn: () => unwrapResult(station['history.search']({ states: ['print-failed'], limit: 200 })),
    staleTime: Infinity,
  });
  const jobs = useQuery({ queryKey: ['jobs', 'held-at-start'], queryFn: () => unwrapResult(station['jobs.list']({ limit: 50 })), staleTime: Infinity });
  const output = usePrintQueueStatus().data?.output ?? null;
  const reprintLabels = useReprintLabels();
  const unknownRows = (unknown.data?.rows ?? []).filter((row) => row.waybillCode !== null);
  // Labels waiting for the other output are shown, never printed again from here.
  const unknownCodes = unknownRows.flatMap((row) => (row.waybillCode && printWaitOf(row, output)?.kind !== 'other-output' ? [row.waybillCode] : []));
  const stoppedCodes = (failed.data?.rows ?? []).flatMap((row) => (row.waybillCode && printWaitOf(row, output)?.kind === 'stopped' ? [row.waybillCode] : []));
  const heldJobs = (jobs.data ?? []).filter((job) => job.printHold !== null);
  // Shared mode: waybills the shared database kept refusing, set aside so the others flow.
  const setAside = useDesksQuery().data?.setAside ?? [];
  const findings = report.data ? reportHasFindings(report.data) : false;
  if (dismissed || (!findings && unknownRows.length === 0 && stoppedCodes.length === 0 && heldJobs.length === 0 && setAside.length === 0)) return null;
  const show = (jobId: string) => {
    setDismissed(true);
    store.getState().showJob(jobId);
  };
  const data = report.data;
  const gatewayName = (baseUrl: string) => (baseUrl === DEMO_GATEWAY ? t('recovery.demoGateway') : baseUrl === UNKNOWN_GATEWAY ? t('recovery.unknownGateway') : baseUrl);
  const resume = async (jobId: string) => {
    setError(null);
    try {
      const job = await unwrapResult(station['jobs.retry']({ jobId }));
      setDismissed(true);
      store.getState().showJob(job.id);
    } catch (caught) {
      setError(stationErrorOf(caught));
    }
  };
  const printUnknownAgain = async () => {
    setError(null);
    try {
      const result = await unwrapResult(station['history.resend-unknown']({ waybillCodes: unknownCodes }));
      void message.success(t('history.reprint.queued', { count: result.requeued.length }));
      const waiting = result.refused.filter((refusal) => refusal.reason === 'other-output').length;
      if (waiting > 0) void message.warning(t('history.printWait.resendOtherOutput', { count: waiting }));
      await client.invalidateQueries({ queryKey: ['history'] });
    } catch (caught) {
      setError(stationErrorOf(caught));
    }
  };
  const reprintStopped = async () => {
    setError(null);
    try {
      await reprintLabels(stoppedCodes);
    } catch (caught) {
      setError(stationErrorOf(caught));
    }
  };
  return (
    <Modal open scrollLock={false} title={t('recovery.title')} onCancel={() => setDismissed(true)} footer={<Button type="primary" onClick={() => setDismissed(true)}>{t('recovery.close')}</Button>} width={760}>
      <Space orientation="vertical" size="middle" className="recovery">
        <Typography.Paragraph>{t('recovery.intro')}</Typography.Paragraph>
        {data ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            aria-label={t('recovery.found')}
            items={[
              ...(['recovered', 'issuedElsewhere', 'notIssued', 'unresolved'] as const)
                .filter((kind) => data.reconciled[kind].length > 0)
                .map((kind) => ({ key: kind, label: t(`recovery.${kind}`), children: data.reconciled[kind].join(', ') })),
              { key: 'labelsQueued', label: t('recovery.labelsQueued'), children: data.labelsQueued },
            ]}
          />
        ) : null}
        {data && data.waiting.length > 0 ? (
          <List
            size="small"
            bordered
            aria-label={t('recovery.waitingTitle')}
            header={t('recovery.waitingTitle')}
            footer={<Typography.Text type="secondary">{t('recovery.waitingHint')}</Typography.Text>}
            dataSource={data.waiting}
            renderItem={(waiting) => (
              <List.Item>
                {t('recovery.waiting', {
                  orders: waiting.orders,
                  labels: waiting.labels,
                  gateway: gatewayName(waiting.gateway.baseUrl),
                  shopId: waiting.gateway.shopId === UNKNOWN_GATEWAY ? t('recovery.unknownGateway') : waiting.gateway.shopId,
                })}
              </List.Item>
            )}
          />
        ) : null}
        {data && data.interruptedJobs.length > 0 ? (
          <List
            size="small"
            bordered
            header={t('recovery.interrupted', { count: data.interruptedJobs.length })}
            dataSource={data.interruptedJobs}
            renderItem={(jobId) => (
              <List.Item actions={[<Button key="resume" type="primary" onClick={() => void resume(jobId)}>{t('recovery.resume')}</Button>]}>
                <Typography.Text code>{jobId}</Typography.Text>
              </List.Item>
            )}
          />
        ) : null}
        {heldJobs.length > 0 ? (
          <List
            size="small"
            bordered
            header={t('recovery.held', { count: heldJobs.length })}
            dataSource={heldJobs}
            renderItem={(job) => (
              <List.Item actions={[<Button key="show" type="primary" onClick={() => show(job.id)}>{t('recovery.show')}</Button>]}>
                <Space>
                  <Typography.Text code>{job.id}</Typography.Text>
                  {job.printHold?.firstLabel ? <span>{t('recovery.heldLabels', { count: job.printHold.labels, waybillCode: job.printHold.firstLabel.waybillCode })}</span> : null}
                </Space>
              </List.Item>
            )}
          />
        ) : null}
        {unknownRows.length > 0 ? (
          <List
            size="small"
            bordered
            header={t('recovery.printUnknown', { count: unknownRows.length })}
            dataSource={unknownRows}
            footer={
              <Space>
                <Button disabled={unknownCodes.length === 0} onClick={() => void printUnknownAgain()}>
                  {t('recovery.printAgain')}
                </Button>
                <Typography.Text type="secondary">{t('recovery.printUnknownHint')}</Typography.Text>
              </Space>
            }
            renderItem={(row) => (
              <List.Item>
                <Space wrap>
                  <span>{row.waybillCode}</span>
                  <PrintWaitNote row={row} currentOutput={output} />
                </Space>
              </List.Item>
            )}
          />
        ) : null}
        {stoppedCodes.length > 0 ? (
          <List
            size="small"
            bordered
            header={t('recovery.printStopped', { count: stoppedCodes.length, sends: MAX_AUTOMATIC_SENDS })}
            dataSource={stoppedCodes}
            footer={
              <Space>
                <Button onClick={() => void reprintStopped()}>{t('recovery.reprintStopped')}</Button>
                <Typography.Text type="secondary">{t('recovery.printStoppedHint')}</Typography.Text>
              </Space>
            }
            renderItem={(code) => <List.Item>{code}</List.Item>}
          />
        ) : null}
        {setAside.length > 0 ? (
          <List
            size="small"
            bordered
            aria-label={t('recovery.setAside', { count: setAside.length, tries: SHARE_REFUSALS_BEFORE_SET_ASIDE })}
            header={t('recovery.setAside', { count: setAside.length, tries: SHARE_REFUSALS_BEFORE_SET_ASIDE })}
            footer={<Typography.Text type="secondary">{t('recovery.setAsideHint')}</Typography.Text>}
            dataSource={setAside}
            renderItem={(waybill) => (
              <List.Item>
                <Space orientation="vertical" size={0}>
                  <span>{t('recovery.setAsideItem', { waybillCode: waybill.waybillCode, orders: waybill.orderNumbers.join(', '), at: formatChinaDateTime(waybill.setAsideAt) })}</span>
                  <Typography.Text type="danger">{t(errorTextKey(waybill.reason.code), waybill.reason.params)}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        ) : null}
        {error ? <StationErrorAlert error={error} /> : null}
      </Space>
    </Modal>
  );
}
