import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRACTICE_FAULTS, type PracticeFault } from '../../../shared/domain/printer-condition';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import type { StationError } from '../../../shared/errors/station-error';

/**
 * Practice mode, in demo mode only: buttons that give the demo printer a trouble (paper out, jam,
 * offline, hanging) and fix it, so a new packer can learn the desk's answers to each before a
 * real printer does it.
 */
export function PracticePrinterPanel() {
  const { t } = useTranslation();
  const station = useStation();
  const { message } = App.useApp();
  const [error, setError] = useState<StationError | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (fault: PracticeFault | null) => {
    setBusy(true);
    setError(null);
    try {
      await unwrapResult(station['print.practice-fault']({ fault }));
      void message.info(fault === null ? t('printTruth.practice.cleared') : t('printTruth.practice.set', { trouble: t(`printTruth.practice.fault.${fault}`) }));
    } catch (caught) {
      setError(stationErrorOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="settings__group" role="group" aria-label={t('printTruth.practice.title')}>
      <Typography.Text strong>{t('printTruth.practice.title')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('printTruth.practice.explain')}</Typography.Paragraph>
      <Space wrap>
        {PRACTICE_FAULTS.map((fault) => (
          <Button key={fault} disabled={busy} onClick={() => void choose(fault)}>
            {t(`printTruth.practice.fault.${fault}`)}
          </Button>
        ))}
        <Button type="primary" disabled={busy} onClick={() => void choose(null)}>
          {t('printTruth.practice.fixed')}
        </Button>
      </Space>
      {error ? <StationErrorAlert error={error} /> : null}
    </div>
  );
}
