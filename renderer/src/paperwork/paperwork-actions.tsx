import { FileTextOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { App, Button, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaperworkPrintResult, PickingSort } from '../../../shared/domain/paperwork';
import type { StationError } from '../../../shared/errors/station-error';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { base64Bytes, downloadFile } from '../history/csv-download';

/** What the paperwork is for: selected orders (the desk), history rows (waybills), or a job (its plan). */
export type PaperworkSelection = { orderNumbers: string[] } | { waybillCodes: string[] } | { jobId: string };

/** The picking list dialog (`count` orders): sort by goods name or count, then print it or save it as a PDF. */
export function PickingListDialog({ selection, count, onClose }: { selection: PaperworkSelection; count: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const station = useStation();
  const { message } = App.useApp();
  const [sort, setSort] = useState<PickingSort>('name');
  const [busy, setBusy] = useState<'print' | 'save' | null>(null);
  const [error, setError] = useState<StationError | null>(null);
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const run = async (action: 'print' | 'save') => {
    setBusy(action);
    setError(null);
    try {
      const request = { scope: selection, sort, language } as const;
      if (action === 'print') {
        const result = await unwrapResult(station['paperwork.print-picking-list'](request));
        void message.success(t('paperwork.picking.printed', { printer: result.printer || t('paperwork.actions.defaultPrinterName') }));
      } else {
        const pdf = await unwrapResult(station['paperwork.picking-list-pdf'](request));
        downloadFile(pdf.fileName, base64Bytes(pdf.base64), 'application/pdf');
        void message.success(t('paperwork.picking.saved', { fileName: pdf.fileName, count: pdf.pages }));
      }
      onClose();
    } catch (caught) {
      setError(stationErrorOf(caught));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      open
      scrollLock={false}
      title={t('paperwork.picking.title')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void run('save')}>
            {t('paperwork.picking.save')}
          </Button>
          <Button type="primary" loading={busy === 'print'} disabled={busy !== null} onClick={() => void run('print')}>
            {t('paperwork.picking.print')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle">
        <Typography.Paragraph>{t('paperwork.picking.scope', { count })}</Typography.Paragraph>
        <Space>
          <span id="picking-sort">{t('paperwork.picking.sort')}</span>
          <Radio.Group aria-labelledby="picking-sort" value={sort} onChange={(event) => setSort(event.target.value as PickingSort)} optionType="button">
            <Radio.Button value="name">{t('paperwork.picking.sortName')}</Radio.Button>
            <Radio.Button value="count">{t('paperwork.picking.sortCount')}</Radio.Button>
          </Radio.Group>
        </Space>
        {error ? <StationErrorAlert error={error} /> : null}
      </Space>
    </Modal>
  );
}

/**
 * Paperwork for a selection: its packing slips printed on the slip printer at once (never a
 * gateway call), and the picking list dialog.
 */
export function PaperworkActions({ selection, size = 'middle' }: { selection: { orderNumbers: string[] } | { waybillCodes: string[] }; size?: 'small' | 'middle' | 'large' }) {
  const { t } = useTranslation();
  const station = useStation();
  const { message } = App.useApp();
  const [picking, setPicking] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [error, setError] = useState<StationError | null>(null);
  const count = 'orderNumbers' in selection ? selection.orderNumbers.length : selection.waybillCodes.length;
  const printSlips = async () => {
    setPrinting(true);
    setError(null);
    try {
      const result: PaperworkPrintResult = await unwrapResult(station['paperwork.print-slips'](selection));
      void message.success(t('paperwork.actions.slipsPrinted', { count: result.printed, printer: result.printer || t('paperwork.actions.defaultPrinterName') }));
      if (result.unknownOrders.length > 0) void message.warning(t('paperwork.actions.unknownOrders', { count: result.unknownOrders.length, orders: result.unknownOrders.slice(0, 5).join(', ') }));
    } catch (caught) {
      setError(stationErrorOf(caught));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <>
      <Button size={size} icon={<FileTextOutlined aria-hidden />} disabled={count === 0} loading={printing} onClick={() => void printSlips()}>
        {t('paperwork.actions.printSlips', { count })}
      </Button>
      <Button size={size} icon={<UnorderedListOutlined aria-hidden />} disabled={count === 0} onClick={() => setPicking(true)}>
        {t('paperwork.actions.pickingList')}
      </Button>
      {picking ? <PickingListDialog selection={selection} count={count} onClose={() => setPicking(false)} /> : null}
      {error ? <Modal open scrollLock={false} title={t('paperwork.actions.printSlips', { count })} onCancel={() => setError(null)} footer={null}><StationErrorAlert error={error} /></Modal> : null}
    </>
  );
}
