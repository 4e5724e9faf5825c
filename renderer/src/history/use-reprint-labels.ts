import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReprintResult } from '../../../shared/domain/issuing';
import { unwrapResult, useStation } from '../bridge/station-context';

/**
 * Reprinting labels from their stored print data, wherever the desk offers it (history, scan
 * panel): labels that already came out — here or, in shared mode, at another desk, which the
 * question names — are printed again only after the packer confirms (the
 * request is all or nothing), refusals and the number sent are told, and the history follows.
 * The returned function rejects with the station's error when a call fails.
 */
export function useReprintLabels(): (waybillCodes: string[]) => Promise<void> {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  /** How often a label came out, and at which desks when another desk printed it (shared mode): this desk's prints are the rest of the count. */
  const printedLine = (label: ReprintResult['needsConfirmation'][number]) => {
    if (label.printedAtDesks.length === 0) return t('history.reprint.printedTimes', { waybillCode: label.waybillCode, count: label.printCount });
    const here = label.printCount - label.printedAtDesks.reduce((sum, desk) => sum + desk.count, 0);
    const desks = [...label.printedAtDesks.map((desk) => ({ desk: desk.deskName, count: desk.count })), ...(here > 0 ? [{ desk: t('desks.thisDesk'), count: here }] : [])];
    return t('history.reprint.printedTimesAt', { waybillCode: label.waybillCode, count: label.printCount, desks: desks.map((desk) => t('history.reprint.deskCount', desk)).join(', ') });
  };
  return async (waybillCodes) => {
    const first = await unwrapResult(station['history.reprint']({ waybillCodes, confirmAlreadyPrinted: false }));
    let queued = first.queued.length;
    if (first.needsConfirmation.length > 0) {
      const confirmed = await modal.confirm({
        title: t('history.reprint.confirmTitle', { count: first.needsConfirmation.length }),
        content: first.needsConfirmation.map((label) => printedLine(label)).join('\n'),
        okText: t('history.reprint.confirmOk'),
        cancelText: t('common.cancel'),
        scrollLock: false,
      });
      if (confirmed) {
        const again = await unwrapResult(station['history.reprint']({ waybillCodes: first.needsConfirmation.map((label) => label.waybillCode), confirmAlreadyPrinted: true }));
        queued += again.queued.length;
      }
    }
    for (const refusal of first.refused) void message.warning(t(`history.reprint.refused.${refusal.reason}`, { waybillCode: refusal.waybillCode }));
    if (queued > 0) void message.success(t('history.reprint.queued', { count: queued }));
    await client.invalidateQueries({ queryKey: ['history'] });
  };
}
