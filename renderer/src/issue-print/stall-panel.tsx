import { Alert, Button, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationError } from '../../../shared/errors/station-error';
import { overlayContainer } from '../app/overlay-container';
import { unwrapResult, useStation } from '../bridge/station-context';
import { usePrintersQuery } from '../bridge/station-queries';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { usePrinterState } from '../printer-state/use-printer-state';

/**
 * "Printer not responding": the component (or CUPS) took this job's labels and has reported
 * nothing for the stall time. Says what to check, and offers the ways on — cancel the rest, retry,
 * switch printer — so that hiding the job is never the only choice. The labels waiting stay
 * queued; nothing is issued again.
 */
export function StallPanel({ jobId, onChanged }: { jobId: string; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const station = useStation();
  const printerState = usePrinterState();
  const stall = printerState.data?.stall ?? null;
  const showing = stall !== null && stall.jobIds.includes(jobId);
  const printers = usePrintersQuery(showing);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  if (!showing) return null;

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await onChanged();
    } catch (caught) {
      setError(stationErrorOf(caught));
    } finally {
      setBusy(false);
    }
  };
  const others = (printers.data?.printers ?? []).filter((printer) => printer.name !== stall.printer && printer.name !== (stall.printer === '' ? printers.data?.effective : null));

  return (
    <section aria-label={t('printTruth.stall.label')}>
      <Alert
        type="warning"
        showIcon
        title={t('printTruth.stall.title', { seconds: stall.seconds, count: stall.labels })}
        description={
          <Space orientation="vertical" size="small">
            <Typography.Text>{t('printTruth.check.not-responding')}</Typography.Text>
            <Typography.Text type="secondary">{t('printTruth.stall.keep')}</Typography.Text>
            {error ? <StationErrorAlert error={error} compact /> : null}
            <Space wrap>
              <Button loading={busy} onClick={() => void run(() => unwrapResult(station['print.stall-retry']({})))}>
                {t('printTruth.stall.retry')}
              </Button>
              <Button danger disabled={busy} onClick={() => void run(() => unwrapResult(station['jobs.stop-printing']({ jobId })))}>
                {t('printTruth.stall.cancelRest')}
              </Button>
              <Select
                aria-label={t('printTruth.stall.choosePrinter')}
                placeholder={t('printTruth.stall.switchPrinter')}
                disabled={busy || others.length === 0}
                style={{ minWidth: 220 }}
                getPopupContainer={overlayContainer}
                options={others.map((printer) => ({ value: printer.name, label: printer.name }))}
                onChange={(printer: string) => void run(() => unwrapResult(station['jobs.switch-printer']({ jobId, printer })))}
                value={null}
              />
            </Space>
          </Space>
        }
      />
    </section>
  );
}
