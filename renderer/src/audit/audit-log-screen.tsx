import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Input, Pagination, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditAction, type AuditEntry, type AuditOutcome } from '../../../shared/operators/operators';
import { useUi } from '../app/ui-store-context';
import { unwrapResult, useStation } from '../bridge/station-context';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { downloadText } from '../history/csv-download';
import { PlainTable } from '../issue-print/plain-table';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { useWindowShortcuts } from '../shortcuts/use-window-shortcuts';
import '../operators/operators.css';

const PAGE_SIZE = 50;
const outcomeColour: Record<AuditOutcome, string> = { done: 'green', refused: 'orange', failed: 'red' };

/**
 * The audit log (lazy-loaded: the desk's first paint never waits for it): who did what, to which
 * order or waybill, at which desk, when, and how it ended — searchable, filtered by action,
 * outcome and time, exported as CSV. In shared mode it lists every desk of the account.
 */
export function AuditLogScreen() {
  const { t } = useTranslation();
  const station = useStation();
  const { message } = App.useApp();
  const setAuditOpen = useUi((state) => state.setAuditOpen);
  const [text, setText] = useState('');
  const [actions, setActions] = useState<AuditAction[]>([]);
  const [outcome, setOutcome] = useState<AuditOutcome | undefined>(undefined);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  useWindowShortcuts({ escape: () => setAuditOpen(false) });

  const filters = {
    ...(text.trim() === '' ? {} : { text: text.trim() }),
    ...(actions.length > 0 ? { actions } : {}),
    ...(outcome === undefined ? {} : { outcome }),
    ...(range?.[0] ? { from: range[0].startOf('day').valueOf() } : {}),
    ...(range?.[1] ? { to: range[1].endOf('day').valueOf() + 1 } : {}),
  };
  const entries = useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () => unwrapResult(station['audit.search']({ ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation({
    mutationFn: () => unwrapResult(station['audit.export-csv'](filters)),
    onSuccess: (file) => {
      downloadText(file.fileName, file.text);
      void message.success(t('audit.exported', { count: file.lines }));
    },
  });
  const refilter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <section className="audit" aria-labelledby="audit-title">
      <div className="audit__filters">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => setAuditOpen(false)}>
          {t('audit.back')} <kbd>Esc</kbd>
        </Button>
        <Typography.Title level={2} id="audit-title" className="audit__title">
          {t('audit.title')}
        </Typography.Title>
        {entries.data ? <Tag>{entries.data.source === 'account' ? t('audit.sourceAccount') : t('audit.sourceDesk')}</Tag> : null}
      </div>
      <div className="audit__filters">
        <Input.Search aria-label={t('audit.search')} placeholder={t('audit.search')} allowClear className="audit__search" onSearch={refilter(setText)} />
        <Select<AuditAction[]>
          mode="multiple"
          aria-label={t('audit.actions')}
          placeholder={t('audit.actions')}
          allowClear
          className="audit__actions"
          value={actions}
          onChange={refilter(setActions)}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.action.${action}`) }))}
        />
        <Select<AuditOutcome | undefined>
          aria-label={t('audit.column.outcome')}
          placeholder={t('audit.anyOutcome')}
          allowClear
          className="audit__outcome"
          value={outcome}
          onChange={refilter(setOutcome)}
          options={AUDIT_OUTCOMES.map((each) => ({ value: each, label: t(`audit.outcomeName.${each}`) }))}
        />
        <DatePicker.RangePicker value={range} onChange={refilter(setRange)} allowEmpty={[true, true]} />
        <Button icon={<DownloadOutlined aria-hidden />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          {t('audit.export')}
        </Button>
        {entries.data ? <Typography.Text type="secondary">{t('audit.total', { count: entries.data.total })}</Typography.Text> : null}
      </div>
      {entries.isError ? <StationErrorAlert error={stationErrorOf(entries.error)} /> : null}
      {exportCsv.isError ? <StationErrorAlert error={stationErrorOf(exportCsv.error)} /> : null}
      <PlainTable<AuditEntry>
        label={t('audit.tableLabel')}
        rows={entries.data?.entries ?? []}
        rowKey={(entry) => entry.id}
        columns={[
          { key: 'at', title: t('audit.column.at'), render: (entry) => formatChinaDateTime(entry.at) },
          {
            key: 'operator',
            title: t('audit.column.operator'),
            render: (entry) => (
              <>
                {entry.operatorName ?? t('audit.deskItself')}
                {entry.approvedBy === null ? null : <Typography.Text type="secondary"> ({t('audit.approvedBy', { name: entry.approvedBy })})</Typography.Text>}
              </>
            ),
          },
          { key: 'action', title: t('audit.column.action'), render: (entry) => t(`audit.action.${entry.action}`) },
          { key: 'orders', title: t('audit.column.orders'), render: (entry) => <span className="audit__codes">{[...entry.orderNumbers, ...entry.waybillCodes].join(' ') || entry.jobId}</span> },
          { key: 'desk', title: t('audit.column.desk'), render: (entry) => entry.deskName },
          { key: 'outcome', title: t('audit.column.outcome'), render: (entry) => <Tag color={outcomeColour[entry.outcome]}>{t(`audit.outcomeName.${entry.outcome}`)}</Tag> },
          { key: 'detail', title: t('audit.column.detail'), render: (entry) => <span className="audit__codes">{entry.detail}</span> },
        ]}
      />
      <Pagination align="end" current={page} pageSize={PAGE_SIZE} total={entries.data?.total ?? 0} showSizeChanger={false} onChange={setPage} hideOnSinglePage />
    </section>
  );
}
