import { Alert, Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobSummary, LabelProblem } from '../../../shared/domain/issuing';
import type { StationError } from '../../../shared/errors/station-error';
import { overlayContainer } from '../app/overlay-container';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorLine } from '../error-flows/station-error-line';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';

/** Problems with the same cause, shown once with how many labels it hit. */
function groupsOf(problems: readonly LabelProblem[]): { problem: LabelProblem; count: number }[] {
  const groups = new Map<string, { problem: LabelProblem; count: number }>();
  for (const problem of problems) {
    const key = `${problem.state}\n${problem.error.code}\n${String(problem.error.params['detail'] ?? '')}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { problem, count: 1 });
  }
  return [...groups.values()];
}

/**
 * The job's labels as they are: how many printed, did not print, or have an unknown outcome, in
 * red or amber with the printer's or component's own words (缺纸, 卡纸, …), and one way on:
 * "print the N again" once the printer is fixed — asking first where a label may already be out.
 * Shown as soon as one label did not print, while the job still runs too.
 */
export function LabelTruth({ summary, onChanged }: { summary: JobSummary; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const station = useStation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [requeued, setRequeued] = useState<number | null>(null);
  const { labels } = summary.job;
  const problems = summary.labelProblems;
  // One truth: "sent again" stands only until the labels' states change (printed, or failed again: then the summary alone says so).
  const problemsKey = problems.map((problem) => `${problem.waybillCode}:${problem.state}`).join(' ');
  const [requeuedAt, setRequeuedAt] = useState<string | null>(null);
  if (requeued !== null && requeuedAt === null) setRequeuedAt(problemsKey);
  if (requeued !== null && requeuedAt !== null && requeuedAt !== problemsKey) {
    setRequeued(null);
    setRequeuedAt(null);
  }
  if (problems.length === 0) return null;
  const failed = problems.filter((problem) => problem.state === 'failed').length;
  const unknown = problems.length - failed;

  const printAgain = async (confirmMaybePrinted: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const result = await unwrapResult(station['jobs.print-again']({ jobId: summary.job.id, confirmMaybePrinted }));
      if (result.needsConfirmation > 0) {
        setConfirming(result.needsConfirmation);
        return;
      }
      setConfirming(null);
      await onChanged();
      setRequeued(result.requeued);
      setRequeuedAt(null);
    } catch (caught) {
      setError(stationErrorOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const title = [failed > 0 ? t('printTruth.summary.notPrintedTitle', { count: failed }) : null, unknown > 0 ? t('printTruth.summary.unknownTitle', { count: unknown }) : null]
    .filter((part) => part !== null)
    .join(' · ');

  return (
    <section aria-label={t('printTruth.summary.problemsLabel')} className="label-truth" data-failed={failed} data-unknown={unknown}>
      <Alert
        type={failed > 0 ? 'error' : 'warning'}
        showIcon
        title={title}
        description={
          <Space orientation="vertical" size="small">
            <Descriptions size="small" column={3} aria-label={t('printTruth.summary.label')}>
              <Descriptions.Item label={t('printTruth.summary.printed')}>{labels.printed}</Descriptions.Item>
              <Descriptions.Item label={t('printTruth.summary.notPrinted')}>{failed}</Descriptions.Item>
              <Descriptions.Item label={t('printTruth.summary.unknown')}>{unknown}</Descriptions.Item>
            </Descriptions>
            {groupsOf(problems).map(({ problem, count }) => (
              <div key={`${problem.state}-${problem.error.code}-${problem.waybillCode}`}>
                {problem.condition ? <Tag color="red">{t(`printTruth.condition.${problem.condition}`)}</Tag> : null}
                <StationErrorLine error={problem.error} />
                {count > 1 ? <Typography.Text type="secondary"> ×{count}</Typography.Text> : null}
              </div>
            ))}
            <Typography.Text>{t('printTruth.summary.fixFirst')}</Typography.Text>
            {requeued !== null ? <Typography.Text type="success">{t('printTruth.summary.requeued', { count: requeued })}</Typography.Text> : null}
            {error ? <StationErrorAlert error={error} compact /> : null}
            <Button type="primary" danger loading={busy} onClick={() => void printAgain(false)}>
              {t('printTruth.summary.printAgain', { count: problems.length })}
            </Button>
          </Space>
        }
      />
      <Modal
        open={confirming !== null}
        title={t('printTruth.summary.confirmTitle')}
        getContainer={overlayContainer}
        okText={t('printTruth.summary.confirmOk')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => void printAgain(true)}
        onCancel={() => setConfirming(null)}
      >
        {t('printTruth.summary.confirmBody', { count: confirming ?? 0 })}
      </Modal>
    </section>
  );
}
