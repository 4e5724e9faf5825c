import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierName } from '../../../shared/domain/carriers';
import type { JobView, PrintHold } from '../../../shared/domain/issuing';
import { overlayContainer } from '../app/overlay-container';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import './label-preview.css';

/** Props of the preview dialog. */
export interface LabelPreviewDialogProps {
  job: JobView;
  /** The held job's first label. */
  firstLabel: NonNullable<PrintHold['firstLabel']>;
  /** Labels waiting for the decision. */
  labels: number;
  busy: boolean;
  onPrintAll: () => void;
  onStop: () => void;
}

/** Enter prints, unless a control that answers Enter itself (a button, a field) has the focus or the scanner took the key. */
function isPlainEnter(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.defaultPrevented || event.repeat || event.isComposing) return false;
  return !(event.target instanceof Element && event.target.closest('button, a, input, textarea, select, [role="combobox"]'));
}

/**
 * The first label of a held job, large, before anything prints: the order, carrier and label
 * size beside it, then "Print all N" (Enter) or "Stop" (the labels stay in the history, not
 * printed). When the preview cannot be made it says why, and both ways out stay open.
 */
export function LabelPreviewDialog({ job, firstLabel, labels, busy, onPrintAll, onStop }: LabelPreviewDialogProps) {
  const { t, i18n } = useTranslation();
  const station = useStation();
  const preview = useQuery({
    queryKey: ['label-preview', firstLabel.waybillCode],
    queryFn: () => unwrapResult(station['print.preview']({ waybillCode: firstLabel.waybillCode })),
    staleTime: Infinity,
    retry: false,
  });
  // The check is real only once the label is drawn (or its drawing failed, with the reason shown).
  const checkable = preview.data !== undefined || preview.isError;
  const printAll = useRef(onPrintAll);
  const drawn = useRef(checkable);
  const printButton = useRef<HTMLButtonElement>(null);
  // Once the label is drawn the focus goes to "Print all": Enter then prints, never the Stop the focus may have fallen on.
  useEffect(() => {
    if (checkable) printButton.current?.focus();
  }, [checkable]);
  useEffect(() => {
    printAll.current = busy || !checkable ? () => undefined : onPrintAll;
    drawn.current = checkable;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Until the label is drawn, Enter does nothing here: not print, and not the focused Stop either.
      if (event.key === 'Enter' && !event.isComposing && !drawn.current) {
        event.preventDefault();
        return;
      }
      if (!isPlainEnter(event)) return;
      event.preventDefault();
      printAll.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  const stillIssuing = job.ending === null;

  return (
    <Modal
      open
      title={t('issuePrint.preview.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      scrollLock={false}
      getContainer={overlayContainer}
      width={880}
      footer={
        <Space className="label-preview__actions">
          <Button ref={printButton} type="primary" size="large" loading={busy} disabled={!checkable} onClick={onPrintAll}>
            {stillIssuing ? t('printTruth.preview.printSoFar', { count: labels }) : t('issuePrint.preview.printAll', { count: labels })}
          </Button>
          <Button danger size="large" disabled={busy} onClick={onStop}>
            {t('issuePrint.preview.stop')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" className="label-preview">
        <Typography.Paragraph>{t('issuePrint.preview.intro')}</Typography.Paragraph>
        <Descriptions size="small" bordered column={2} aria-label={t('issuePrint.preview.aboutLabel')}>
          <Descriptions.Item label={t('issuePrint.preview.orders')}>{firstLabel.orderNumbers.join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('issuePrint.preview.waybill')}>{firstLabel.waybillCode}</Descriptions.Item>
          <Descriptions.Item label={t('issuePrint.preview.carrier')}>{`${carrierName(job.carrierCode, i18n.language)} (${job.carrierCode})`}</Descriptions.Item>
          <Descriptions.Item label={t('issuePrint.preview.size')}>{preview.data ? t('issuePrint.preview.sizeMm', { size: preview.data.labelSize.replace('x', ' × ') }) : '—'}</Descriptions.Item>
        </Descriptions>
        {preview.isError ? (
          <Space orientation="vertical" className="label-preview__failed">
            <StationErrorAlert error={stationErrorOf(preview.error)} />
            <Alert type="info" showIcon title={t('issuePrint.preview.failedHint')} />
          </Space>
        ) : (
          <div className="label-preview__images" role="group" aria-label={t('issuePrint.preview.imagesLabel')}>
            {preview.data ? (
              preview.data.images.map((image, index) => <img key={index} className="label-preview__image" src={image} alt={t('issuePrint.preview.imageAlt', { waybillCode: firstLabel.waybillCode })} />)
            ) : (
              <Space>
                <Spin />
                <Typography.Text type="secondary">{t('printTruth.preview.drawing')}</Typography.Text>
              </Space>
            )}
          </div>
        )}
        {stillIssuing ? <Typography.Text type="secondary">{t('issuePrint.preview.stillIssuing')}</Typography.Text> : null}
      </Space>
    </Modal>
  );
}
