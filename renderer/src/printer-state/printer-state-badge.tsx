import { PrinterOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PRINTER_FAULTS, type PrinterCondition } from '../../../shared/domain/printer-condition';
import { useSettingsQuery } from '../bridge/station-queries';
import { createScanBeeper, type ScanBeeper } from '../scanning/scan-beep';
import { soundsPrintError } from './print-error-sound';
import { usePrinterState } from './use-printer-state';

const colour: Record<PrinterCondition, string> = {
  ready: 'green',
  printing: 'processing',
  'paper-out': 'red',
  jam: 'red',
  'door-open': 'red',
  offline: 'red',
  paused: 'orange',
  'not-responding': 'orange',
  error: 'red',
  unknown: 'default',
};

/** Sounds the error tone when the printer stops being able to print (Settings → Printing: on by default). */
function usePrintErrorSound(condition: PrinterCondition | null): void {
  const settings = useSettingsQuery();
  const enabled = settings.data?.settings.print.errorSound ?? true;
  const before = useRef<PrinterCondition | null>(null);
  const beeper = useRef<ScanBeeper | null>(null);
  useEffect(() => () => beeper.current?.close(), []);
  useEffect(() => {
    if (condition === null) return;
    if (soundsPrintError(before.current, condition, enabled)) (beeper.current ??= createScanBeeper()).play('error');
    before.current = condition;
  }, [condition, enabled]);
}

/**
 * The printer's state in the header, at all times: ready, printing, paper out, jam, cover open,
 * offline, paused or not responding, with the printer's own words and what to check.
 */
export function PrinterStateBadge() {
  const { t } = useTranslation();
  const state = usePrinterState();
  const condition = state.data?.condition ?? null;
  usePrintErrorSound(condition);
  if (!state.data || condition === null) return null;
  const words = state.data.words;
  return (
    <Tooltip
      title={
        <>
          {t(`printTruth.check.${condition}`)}
          {words ? <div>{t('printTruth.words', { words })}</div> : null}
        </>
      }
    >
      <Tag role="status" aria-label={t('printTruth.badgeLabel')} icon={<PrinterOutlined aria-hidden />} color={colour[condition]} data-condition={condition} data-fault={PRINTER_FAULTS.has(condition)}>
        {t(`printTruth.condition.${condition}`)}
      </Tag>
    </Tooltip>
  );
}
