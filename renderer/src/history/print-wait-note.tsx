import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PrintOutput } from '../../../shared/domain/printing';
import type { HistoryRow } from '../../../shared/domain/issuing';
import { printWaitOf } from './print-wait';

/** The line under a label's print state saying what it waits for (its own output, or the packer after the automatic sends); nothing otherwise. */
export function PrintWaitNote({ row, currentOutput }: { row: Pick<HistoryRow, 'printState' | 'printOutput' | 'printAutomaticSends'>; currentOutput: PrintOutput | null }) {
  const { t } = useTranslation();
  const wait = printWaitOf(row, currentOutput);
  if (!wait) return null;
  return (
    <Typography.Text type={wait.kind === 'stopped' ? 'danger' : 'warning'}>
      {wait.kind === 'stopped' ? t('history.printWait.stopped', { count: wait.sends }) : t(`history.printWait.otherOutput.${wait.output}`)}
    </Typography.Text>
  );
}
