import { DownloadOutlined, PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Drawer, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryFilterState, HistoryQuery, HistoryRow } from '../../../shared/domain/issuing';
import { shopOrderKey } from '../../../shared/domain/shop-order';
import { shopDisplayName } from '../../../shared/settings/settings-schema';
import { errorTextKey } from '../../../shared/errors/error-resources';
import type { StationError } from '../../../shared/errors/station-error';
import { chinaDayOf, dayMs, formatChinaDateTime, parseChinaDateTime } from '../../../shared/time/china-time';
import { overlayContainer } from '../app/overlay-container';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import { useNow } from '../app/use-now';
import { unwrapResult, useStation } from '../bridge/station-context';
import { useDesksQuery } from '../bridge/station-queries';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { PlainTable } from '../issue-print/plain-table';
import { usePrintQueueStatus } from '../issue-print/use-job';
import { PaperworkActions } from '../paperwork/paperwork-actions';
import { ShopTagOf, useShops } from '../shops/shop-tag';
import { downloadText } from './csv-download';
import { formatWeight } from '../scale/use-scale';
import { PrintWaitNote } from './print-wait-note';
import { useReprintLabels } from './use-reprint-labels';

/** The states the history can be filtered on, in the order the filter lists them. */
const FILTER_STATES: readonly HistoryFilterState[] = ['issued', 'recovered', 'elsewhere', 'failed', 'pending', 'printed', 'not-printed', 'print-failed', 'print-unknown', 'voided'];

/** The tag colour of a label's print state. */
const printStateColour: Record<HistoryRow['printState'], string> = {
  'not-printed': 'default',
  queued: 'processing',
  sent: 'processing',
  accepted: 'processing',
  printed: 'success',
  failed: 'error',
  unknown: 'warning',
};

/** The search form's values. */
interface HistoryForm {
  text: string;
  range: [Dayjs | null, Dayjs | null] | null;
  states: HistoryFilterState[];
  /** One desk's waybills (its id; shared mode only); null for every desk. */
  desk: string | null;
  /** One shop's orders (its id); null for every shop. */
  shop: string | null;
}

/** Start of the picked calendar day in China time, the day the rest of the app counts in (whatever the computer's zone). */
function chinaDayStartOf(day: Dayjs): number {
  return parseChinaDateTime(day.format('YYYY-MM-DD')) ?? day.startOf('day').valueOf();
}

/** The contract query of the form (the date range covers whole China days). */
function queryOf(form: HistoryForm): Omit<HistoryQuery, 'limit' | 'offset'> {
  const [from, to] = form.range ?? [null, null];
  return {
    ...(form.text.trim() ? { text: form.text.trim() } : {}),
    ...(from ? { from: chinaDayStartOf(from) } : {}),
    ...(to ? { to: chinaDayStartOf(to) + dayMs - 1 } : {}),
    ...(form.states.length > 0 ? { states: form.states } : {}),
    ...(form.desk !== null ? { desk: form.desk } : {}),
    ...(form.shop !== null ? { shop: form.shop } : {}),
  };
}

/** A history row's identity: its waybill, or without one its job, order and parcel (an order's parcels may all lack one). */
function historyRowKey(row: HistoryRow): string {
  return row.waybillCode ?? `${row.jobId}:${shopOrderKey(row)}${row.parcel ? `#${row.parcel.no}` : ''}`;
}

/** The rows that continue an order in several parcels (一单多包): its parcel rows after the first one shown (main lists them together). */
function parcelFollowers(rows: readonly HistoryRow[]): ReadonlySet<string> {
  return new Set(
    rows
      .filter((row, index) => {
        const before = rows[index - 1];
        return row.parcel !== null && before !== undefined && before.parcel !== null && before.jobId === row.jobId && shopOrderKey(before) === shopOrderKey(row);
      })
      .map(historyRowKey),
  );
}

/** A row's waybill number, which parcel of its order it is, and the parent waybill (母单号) in a tooltip, so the row keeps its height. */
function WaybillCell({ row }: { row: HistoryRow }) {
  const { t } = useTranslation();
  const parent = row.parentWaybillCode !== null && row.parentWaybillCode !== row.waybillCode ? t('history.parentWaybill', { waybillCode: row.parentWaybillCode }) : null;
  return (
    <Tooltip title={parent}>
      <Space size={4} aria-description={parent ?? undefined}>
        <span>{row.waybillCode ?? '—'}</span>
        {row.parcel ? <Tag>{t('history.parcel', { no: row.parcel.no, total: row.parcel.count })}</Tag> : null}
      </Space>
    </Tooltip>
  );
}

/**
 * The waybill history: search by order or waybill number, date and state; reprint (asking first
 * for labels already printed), print again labels whose outcome is unknown, the void mark, and
 * the CSV for the platform's bulk shipping import.
 */
export function HistoryDrawer() {
  const { t } = useTranslation();
  const station = useStation();
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const open = useUi((state) => state.historyOpen);
  const store = useUiStoreApi();
  const [form, setForm] = useState<HistoryForm>({ text: '', range: null, states: [], desk: null, shop: null });
  // The shop column and filter exist only for an account of several shops.
  const shops = useShops();
  const severalShops = shops.length > 1;
  const today = dayjs(chinaDayOf(useNow()));
  const [selected, setSelected] = useState<string[]>([]);
  const [actionError, setActionError] = useState<StationError | null>(null);
  const reprintLabels = useReprintLabels();
  const output = usePrintQueueStatus().data?.output ?? null;
  // The desk column and filter exist only in the shared mode (a desk on its own has only itself).
  const desks = useDesksQuery().data;
  const shared = desks !== undefined && desks.state !== 'off';
  const query = queryOf(shared ? form : { ...form, desk: null });
  const page = useQuery({
    queryKey: ['history', query],
    queryFn: () => unwrapResult(station['history.search']({ ...query, limit: 500 })),
    enabled: open,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['history'] });
  // Reprinted labels change state as the printer reports: the open history follows.
  useEffect(() => (open ? station.on('print.queue-status', () => void client.invalidateQueries({ queryKey: ['history'] })) : undefined), [open, station, client]);
  const act = async (action: () => Promise<void>) => {
    setActionError(null);
    try {
      await action();
    } catch (caught) {
      setActionError(stationErrorOf(caught));
    }
  };

  const reprint = (waybillCodes: string[]) => act(() => reprintLabels(waybillCodes));
  const resendUnknown = (waybillCodes: string[]) =>
    act(async () => {
      const result = await unwrapResult(station['history.resend-unknown']({ waybillCodes }));
      void message.success(t('history.reprint.queued', { count: result.requeued.length }));
      const waiting = result.refused.filter((refusal) => refusal.reason === 'other-output').length;
      if (waiting > 0) void message.warning(t('history.printWait.resendOtherOutput', { count: waiting }));
      await refresh();
    });
  const setVoid = (waybillCodes: string[], voided: boolean) =>
    act(async () => {
      await unwrapResult(station['history.void']({ waybillCodes, voided }));
      await refresh();
    });
  // The gateway cannot cancel a waybill (domain facts): the mark is local, and the desk is told what to do at the branch.
  const confirmVoid = (waybillCodes: string[]) =>
    modal.confirm({
      title: t('history.voidConfirm.title', { count: waybillCodes.length }),
      content: t('history.voidConfirm.content'),
      okText: t('history.voidConfirm.ok'),
      cancelText: t('common.cancel'),
      getContainer: overlayContainer,
      onOk: () => setVoid(waybillCodes, true),
    });
  const exportCsv = () =>
    act(async () => {
      const csv = await unwrapResult(station['history.export-csv'](query));
      downloadText(csv.fileName, csv.text);
      void message.success(t('history.exported', { count: csv.lines, fileName: csv.fileName }));
    });

  const rows = page.data?.rows ?? [];
  const selectedRows = rows.filter((row) => row.waybillCode !== null && selected.includes(row.waybillCode));
  const codes = (list: HistoryRow[]) => list.flatMap((row) => (row.waybillCode ? [row.waybillCode] : []));
  const followers = parcelFollowers(rows);
  return (
    <Drawer open={open} onClose={() => store.getState().setHistoryOpen(false)} title={t('history.title')} size={1200} destroyOnHidden getContainer={overlayContainer}>
      <Space orientation="vertical" size="middle" className="history">
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('history.searchPlaceholder')}
            aria-label={t('history.searchPlaceholder')}
            value={form.text}
            // Searching follows the typing (the journal is local): no stale filter can linger.
            onChange={(event) => setForm({ ...form, text: event.target.value })}
            onSearch={(text) => setForm({ ...form, text })}
            style={{ width: 320 }}
          />
          <DatePicker.RangePicker aria-label={t('history.dates')} value={form.range} onChange={(range) => setForm({ ...form, range })} maxDate={today} />
          <Select<HistoryFilterState[]>
            mode="multiple"
            allowClear
            aria-label={t('history.states')}
            placeholder={t('history.states')}
            value={form.states}
            onChange={(states) => setForm({ ...form, states })}
            options={FILTER_STATES.map((state) => ({ value: state, label: t(`history.state.${state}`) }))}
            // A short list: every state rendered (no virtual window), found by typing its name.
            virtual={false}
            optionFilterProp="label"
            style={{ minWidth: 260 }}
          />
          {severalShops ? (
            <Select<string>
              allowClear
              aria-label={t('history.shop')}
              placeholder={t('history.allShops')}
              value={form.shop ?? undefined}
              onChange={(shop) => setForm({ ...form, shop: shop ?? null })}
              options={shops.map((shop) => ({
                value: shop.shopId,
                label: t('history.shopWithCount', { shop: shopDisplayName(shop), count: page.data?.shops.find((counted) => counted.shopId === shop.shopId)?.count ?? 0 }),
              }))}
              virtual={false}
              style={{ minWidth: 200 }}
            />
          ) : null}
          {shared ? (
            <Select<string>
              allowClear
              aria-label={t('history.desk')}
              placeholder={t('history.allDesks')}
              value={form.desk ?? undefined}
              onChange={(desk) => setForm({ ...form, desk: desk ?? null })}
              options={desks.desks.map((desk) => ({ value: desk.deskId, label: desk.thisDesk ? `${desk.name} (${t('desks.thisDesk')})` : desk.name }))}
              virtual={false}
              style={{ minWidth: 180 }}
            />
          ) : null}
          <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void exportCsv()}>
            {t('history.exportCsv')}
          </Button>
        </Space>
        <Space wrap>
          <Button type="primary" icon={<PrinterOutlined aria-hidden />} disabled={selectedRows.length === 0} onClick={() => void reprint(codes(selectedRows))}>
            {t('history.reprint.action', { count: selectedRows.length })}
          </Button>
          <PaperworkActions selection={{ waybillCodes: codes(selectedRows) }} />
          <Button disabled={!selectedRows.some((row) => row.printState === 'unknown')} onClick={() => void resendUnknown(codes(selectedRows.filter((row) => row.printState === 'unknown')))}>
            {t('history.resendUnknown')}
          </Button>
          <Tooltip title={t('history.voidNote')}>
            <Button icon={<StopOutlined aria-hidden />} disabled={selectedRows.length === 0} aria-description={t('history.voidNote')} onClick={() => confirmVoid(codes(selectedRows))}>
              {t('history.void')}
            </Button>
          </Tooltip>
          <Typography.Text type="secondary" className="history__void-note">
            {t('history.voidNote')}
          </Typography.Text>
          <Button disabled={!selectedRows.some((row) => row.voided)} onClick={() => void setVoid(codes(selectedRows.filter((row) => row.voided)), false)}>
            {t('history.unvoid')}
          </Button>
        </Space>
        {actionError ? <StationErrorAlert error={actionError} /> : null}
        {page.isError ? <StationErrorAlert error={stationErrorOf(page.error)} /> : null}
        {page.data && page.data.total > rows.length ? <Alert type="info" showIcon title={t('history.more', { shown: rows.length, total: page.data.total })} /> : null}
        <PlainTable<HistoryRow>
          label={t('history.tableLabel')}
          rows={rows}
          rowKey={historyRowKey}
          selection={{
            selected: new Set(selected),
            onChange: setSelected,
            selectable: (row) => row.waybillCode !== null,
            labelOf: (row) => (row.parcel ? `${row.orderNumber} ${t('history.parcel', { no: row.parcel.no, total: row.parcel.count })}` : row.orderNumber),
            allLabel: t('history.selectAll'),
          }}
          columns={[
            ...(severalShops ? [{ key: 'shop', title: t('history.column.shop'), render: (row: HistoryRow) => <ShopTagOf shopId={row.shopId} /> }] : []),
            {
              key: 'order',
              title: t('history.column.order'),
              // A following parcel's order is muted: the rows read as one order's parcels.
              render: (row) => (
                <Typography.Text code type={followers.has(historyRowKey(row)) ? 'secondary' : undefined}>
                  {row.orderNumber}
                </Typography.Text>
              ),
            },
            { key: 'waybill', title: t('history.column.waybill'), render: (row) => <WaybillCell row={row} /> },
            { key: 'carrier', title: t('history.column.carrier'), render: (row) => row.carrierCode ?? '—' },
            ...(shared ? [{ key: 'desk', title: t('history.column.desk'), render: (row: HistoryRow) => row.desk?.name ?? '—' }] : []),
            // The weight each issue call sent (the scale's or typed), where a page has any.
            ...(rows.some((row) => row.weightG != null) ? [{ key: 'weight', title: t('history.column.weight'), render: (row: HistoryRow) => (row.weightG == null ? '—' : formatWeight(row.weightG)) }] : []),
            {
              key: 'state',
              title: t('history.column.state'),
              render: (row) => (
                <Space size={4} wrap>
                  <Tag>{t(`issuePrint.orderState.${row.state}`)}</Tag>
                  {row.waybillCode ? <Tag color={printStateColour[row.printState]}>{t(`history.printState.${row.printState}`, { count: row.printCount })}</Tag> : null}
                  {row.printedAtDesks?.map((desk) => (
                    <Typography.Text key={desk.deskId} type="secondary">
                      {t('history.printedAtDesk', { desk: desk.deskName, count: desk.count, at: formatChinaDateTime(desk.lastAt) })}
                    </Typography.Text>
                  ))}
                  {row.voided ? <Tag color="red">{t('history.state.voided')}</Tag> : null}
                  {row.waybillCode ? <PrintWaitNote row={row} currentOutput={output} /> : null}
                  {row.printError ? <Typography.Text type="danger">{t(errorTextKey(row.printError.code), row.printError.params)}</Typography.Text> : null}
                </Space>
              ),
            },
            { key: 'at', title: t('history.column.at'), render: (row) => formatChinaDateTime(row.at) },
            {
              key: 'actions',
              title: '',
              render: (row) =>
                row.waybillCode ? (
                  <Button size="small" icon={<PrinterOutlined aria-hidden />} aria-label={t('history.reprint.one', { waybillCode: row.waybillCode })} onClick={() => void reprint([row.waybillCode as string])}>
                    {t('history.reprint.short')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Space>
    </Drawer>
  );
}
