import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Segmented, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findCarrier } from '../../../shared/domain/carriers';
import { statisticsFigureNames, type StatisticsDimension, type StatisticsGroup, type StatisticsRange, type StatisticsReport } from '../../../shared/domain/statistics';
import { errorTextKey } from '../../../shared/errors/error-resources';
import { shopDisplayName } from '../../../shared/settings/settings-schema';
import { chinaDayOf, chinaDayStart, dayMs, formatChinaDateTime, parseChinaDateTime } from '../../../shared/time/china-time';
import { useUi } from '../app/ui-store-context';
import { useNow } from '../app/use-now';
import { unwrapResult, useStation } from '../bridge/station-context';
import { useDesksQuery } from '../bridge/station-queries';
import { StationErrorAlert, stationErrorOf } from '../errors/station-error-text';
import { base64Bytes, downloadFile } from '../history/csv-download';
import { PlainTable, type PlainColumn } from '../issue-print/plain-table';
import { useShops } from '../shops/shop-tag';
import { failureReasonText } from './failure-reason';
import { StatisticsChart } from './statistics-chart';
import { byGroupOption, perPeriodOption, verificationOption, type ChartWords } from './statistics-options';
import './statistics-screen.css';

/** The ranges offered, besides a custom one. */
type RangeChoice = 'today' | 'week' | 'month' | 'custom';

/** The range of a choice at `now`: whole China days, today included. */
function rangeOf(choice: RangeChoice, now: number, custom: [Dayjs, Dayjs] | null): StatisticsRange {
  const today = chinaDayStart(now);
  if (choice === 'custom' && custom) {
    const from = parseChinaDateTime(custom[0].format('YYYY-MM-DD')) ?? today;
    const to = (parseChinaDateTime(custom[1].format('YYYY-MM-DD')) ?? today) + dayMs;
    return { from, to };
  }
  const days = choice === 'week' ? 7 : choice === 'month' ? 30 : 1;
  return { from: today - (days - 1) * dayMs, to: today + dayMs };
}

/** How the screen names a period, a shop, carrier, branch or desk. */
function useNames(report: StatisticsReport | undefined) {
  const { t, i18n } = useTranslation();
  const shops = useShops();
  const desks = useDesksQuery();
  const english = i18n.language === 'en';
  return {
    period: (start: number) => (report?.period === 'hour' ? formatChinaDateTime(start).slice(11, 16) : chinaDayOf(start).slice(5)),
    key(dimension: StatisticsDimension, key: string): string {
      if (key === '') return t('statistics.none');
      if (dimension === 'shop') {
        const shop = shops.find((candidate) => candidate.shopId === key);
        return shop ? shopDisplayName(shop) : key;
      }
      if (dimension === 'carrier') return (english ? findCarrier(key)?.nameEn : findCarrier(key)?.nameZh) ?? key;
      if (dimension === 'desk') return desks.data?.desks.find((desk) => desk.deskId === key)?.name ?? key;
      return key;
    },
  };
}

/**
 * The statistics screen: what the desk (in shared mode: every desk of the account) issued,
 * printed and spent over a range, as charts with the numbers a hover away, or as tables of the
 * same figures, and exported as CSV or XLSX. Loaded on demand, with the chart library.
 */
export function StatisticsScreen() {
  const { t, i18n } = useTranslation();
  const station = useStation();
  const { message } = App.useApp();
  const setStatisticsOpen = useUi((state) => state.setStatisticsOpen);
  const language = useUi((state) => state.language);
  const now = useNow();
  const [choice, setChoice] = useState<RangeChoice>('today');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [view, setView] = useState<'charts' | 'table'>('charts');
  const range = rangeOf(choice, now, custom);
  const report = useQuery({
    queryKey: ['statistics', range],
    queryFn: () => unwrapResult(station['statistics.report'](range)),
    // The desk keeps working while the screen is open: its figures follow.
    refetchInterval: 30_000,
  });
  const names = useNames(report.data);
  const words: ChartWords = useMemo(
    () => ({ figure: (name) => t(`statistics.figure.${name}`), period: names.period, key: names.key }),
    // The names change with the language and the report.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language, report.data],
  );
  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const file = await unwrapResult(station['statistics.export']({ range, format, language }));
      downloadFile(file.fileName, base64Bytes(file.base64), file.mimeType);
      void message.success(t('statistics.exported', { count: file.lines, fileName: file.fileName }));
    } catch (caught) {
      const error = stationErrorOf(caught);
      void message.error(t(errorTextKey(error.code), error.params));
    }
  };

  return (
    <section className="statistics" aria-label={t('statistics.title')}>
      <Space wrap className="statistics__bar">
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => setStatisticsOpen(false)}>
          {t('statistics.back')}
        </Button>
        <Typography.Title level={2} className="statistics__title">
          {t('statistics.title')}
        </Typography.Title>
        {report.data ? <Tag>{report.data.groups.desk ? t('statistics.scopeAccount') : t('statistics.scopeDesk')}</Tag> : null}
        <Segmented<RangeChoice>
          aria-label={t('statistics.range.label')}
          value={choice}
          onChange={setChoice}
          options={(['today', 'week', 'month', 'custom'] as const).map((value) => ({ value, label: t(`statistics.range.${value}`) }))}
        />
        {choice === 'custom' ? (
          <DatePicker.RangePicker aria-label={t('statistics.range.dates')} value={custom} onChange={(dates) => setCustom(dates?.[0] && dates[1] ? [dates[0], dates[1]] : null)} />
        ) : null}
        <Segmented<'charts' | 'table'>
          aria-label={t('statistics.view.label')}
          value={view}
          onChange={setView}
          options={(['charts', 'table'] as const).map((value) => ({ value, label: t(`statistics.view.${value}`) }))}
        />
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void exportAs('csv')}>
          {t('statistics.exportCsv')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void exportAs('xlsx')}>
          {t('statistics.exportXlsx')}
        </Button>
      </Space>
      {report.isError ? <StationErrorAlert error={stationErrorOf(report.error)} /> : null}
      {report.data ? <StatisticsBody report={report.data} view={view} words={words} /> : <Skeleton active paragraph={{ rows: 8 }} />}
    </section>
  );
}

/** The totals, then the charts or the tables of one report. */
function StatisticsBody({ report, view, words }: { report: StatisticsReport; view: 'charts' | 'table'; words: ChartWords }) {
  const { t } = useTranslation();
  const perPeriod = useMemo(() => perPeriodOption(report, words), [report, words]);
  const byCarrier = useMemo(() => byGroupOption(report.groups.carrier ?? [], 'carrier', words), [report, words]);
  const byShop = useMemo(() => byGroupOption(report.groups.shop ?? [], 'shop', words), [report, words]);
  const verification = useMemo(() => verificationOption(report, words), [report, words]);
  return (
    <>
      <div className="statistics__totals">
        {statisticsFigureNames.map((name) => (
          <Statistic key={name} title={t(`statistics.figure.${name}`)} value={report.totals[name]} data-testid={`statistics-total-${name}`} />
        ))}
      </div>
      {view === 'charts' ? (
        <div className="statistics__charts">
          <Card size="small" title={report.period === 'hour' ? t('statistics.chart.perHour') : t('statistics.chart.perDay')} className="statistics__wide">
            <StatisticsChart label={report.period === 'hour' ? t('statistics.chart.perHour') : t('statistics.chart.perDay')} testId="periods" option={perPeriod} />
          </Card>
          <Card size="small" title={t('statistics.chart.byCarrier')}>
            <StatisticsChart label={t('statistics.chart.byCarrier')} testId="carrier" option={byCarrier} />
          </Card>
          <Card size="small" title={t('statistics.chart.byShop')}>
            <StatisticsChart label={t('statistics.chart.byShop')} testId="shop" option={byShop} />
          </Card>
          <Card size="small" title={t('statistics.chart.verification')} className="statistics__wide">
            <StatisticsChart label={t('statistics.chart.verification')} testId="verification" option={verification} />
          </Card>
        </div>
      ) : (
        <StatisticsTables report={report} words={words} />
      )}
    </>
  );
}

/** The figures of each period and each dimension value as tables, and the failures per reason. */
function StatisticsTables({ report, words }: { report: StatisticsReport; words: ChartWords }) {
  const { t } = useTranslation();
  const figureColumns = statisticsFigureNames.map((name) => ({ key: name, title: t(`statistics.figure.${name}`), render: (row: StatisticsGroup) => row[name] }));
  const periodRows: StatisticsGroup[] = report.periods.map(({ start, ...figures }) => ({ key: words.period(start), ...figures }));
  const table = (label: string, rows: StatisticsGroup[], keyTitle: string, keyText: (key: string) => string) => {
    const columns: PlainColumn<StatisticsGroup>[] = [{ key: 'key', title: keyTitle, render: (row) => keyText(row.key) }, ...figureColumns];
    return (
      <Card size="small" title={label} key={label}>
        <PlainTable label={label} rows={rows} rowKey={(row) => row.key} columns={columns} />
      </Card>
    );
  };
  const dimensions = Object.entries(report.groups) as [StatisticsDimension, StatisticsGroup[]][];
  return (
    <div className="statistics__tables" data-testid="statistics-tables">
      {table(t('statistics.table.perPeriod'), periodRows, t('statistics.table.period'), (key) => key)}
      {dimensions.map(([dimension, rows]) => table(t(`statistics.dimension.${dimension}`), rows, t(`statistics.dimension.${dimension}`), (key) => words.key(dimension, key)))}
      <Card size="small" title={t('statistics.failuresByReason')}>
        {report.failuresByReason.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('statistics.noFailures')} />
        ) : (
          <PlainTable
            label={t('statistics.failuresByReason')}
            rows={report.failuresByReason}
            rowKey={(row) => row.reason}
            columns={[
              // In words, as the desk shows the error itself (without one case's details); the code beside it for support.
              { key: 'reason', title: t('statistics.table.reason'), render: (row) => failureReasonText(t, row.reason) },
              { key: 'code', title: t('statistics.table.reasonCode'), render: (row) => row.reason },
              { key: 'failures', title: t('statistics.figure.failures'), render: (row) => row.failures },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
