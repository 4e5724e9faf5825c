import { findCarrier } from '../../shared/domain/carriers';
import { statisticsFigureNames, type StatisticsFigures, type StatisticsRange } from '../../shared/domain/statistics';
import { reasonText } from '../../shared/errors/error-reasons';
import type { UI_LANGUAGES } from '../../shared/settings/settings-schema';
import { chinaDayOf, formatChinaDateTime } from '../../shared/time/china-time';
import { csvText } from '../issuing/waybill-csv';
import type { StatisticsGrouping, StatisticsReader } from '../store/station-backend';
import { periodOf } from './statistics-report';

type Language = (typeof UI_LANGUAGES)[number];

/** The export's column titles, in the UI's language: the key columns, then the figures in statisticsFigureNames' order. */
const COLUMN_TITLES: Readonly<Record<Language, Record<StatisticsGrouping | keyof StatisticsFigures | 'reasonCode' | 'reason', string>>> = {
  'zh-CN': {
    hour: '时段', day: '日期', shop: '店铺', carrier: '快递公司', branch: '网点', desk: '出单台', operator: '操作员',
    waybills: '面单', splitParcels: '多包裹子单', labelsPrinted: '打印', reprints: '重打', voids: '作废', failures: '失败', calls: '调用', points: '点数',
    heldBack: '暂扣订单', verified: '验货完成', mismatches: '验货报错', overrides: '手工计数',
    reasonCode: '错误代码', reason: '失败原因',
  },
  en: {
    hour: 'Hour', day: 'Day', shop: 'Shop', carrier: 'Carrier', branch: 'Branch', desk: 'Desk', operator: 'Operator',
    waybills: 'Waybills', splitParcels: 'Split parcels', labelsPrinted: 'Labels printed', reprints: 'Reprints', voids: 'Voids', failures: 'Failures', calls: 'Calls', points: 'Points',
    heldBack: 'Orders held back', verified: 'Orders verified', mismatches: 'Mismatches caught', overrides: 'Counted by hand',
    reasonCode: 'Error code', reason: 'Failure reason',
  },
};

/** The sheets' names in the XLSX file (the CSV holds the same tables one after another, a blank line between). */
const SHEET_NAMES: Readonly<Record<Language, { figures: string; failures: string; operators: string }>> = {
  'zh-CN': { figures: '统计', failures: '失败原因', operators: '操作员' },
  en: { figures: 'Statistics', failures: 'Failures by reason', operators: 'Operators' },
};

/** The figures counted per operator, in the operators' table. */
const OPERATOR_FIGURES = ['waybills', 'labelsPrinted', 'reprints', 'voids', 'verified', 'mismatches', 'overrides'] as const satisfies readonly (keyof StatisticsFigures)[];

type Table = { name: string; header: string[]; rows: (string | number)[][] };

/** How an export names shops and desks. */
export interface StatisticsExportNames {
  shopName(shopId: string): string;
  deskName(deskId: string): string;
}

/**
 * The export's tables: one line per period, shop, carrier, branch (and desk in shared mode), with
 * every figure; the failures per reason, by code and in words; the operators' figures (once
 * operators acted).
 */
async function exportTables(reader: StatisticsReader, range: StatisticsRange, language: Language, names: StatisticsExportNames): Promise<Table[]> {
  const period = periodOf(range);
  const groupings: StatisticsGrouping[] = [period, ...reader.dimensions];
  const lines = await reader.figures(range, groupings);
  lines.sort((a, b) => Number(a.keys[0]) - Number(b.keys[0]) || b.waybills - a.waybills || a.keys.join().localeCompare(b.keys.join()));
  const keyText = (grouping: StatisticsGrouping, key: string): string => {
    if (grouping === 'hour') return formatChinaDateTime(Number(key)).slice(0, 16);
    if (grouping === 'day') return chinaDayOf(Number(key));
    if (grouping === 'shop') return names.shopName(key);
    if (grouping === 'desk') return names.deskName(key);
    if (grouping === 'carrier') return key === '' ? '' : ((language === 'en' ? findCarrier(key)?.nameEn : findCarrier(key)?.nameZh) ?? key);
    return key;
  };
  const titles = COLUMN_TITLES[language];
  const sheets = SHEET_NAMES[language];
  const tables: Table[] = [
    {
      name: sheets.figures,
      header: [...groupings.map((grouping) => titles[grouping]), ...statisticsFigureNames.map((name) => titles[name])],
      rows: lines.map((line) => [...groupings.map((grouping, index) => keyText(grouping, line.keys[index] ?? '')), ...statisticsFigureNames.map((name) => line[name])]),
    },
    {
      name: sheets.failures,
      header: [titles.reasonCode, titles.reason, titles.failures],
      rows: (await reader.failuresByReason(range)).map(({ reason, failures }) => [reason, reasonText(reason, language === 'en' ? 'en' : 'zh'), failures]),
    },
  ];
  const operators = await reader.operators(range);
  if (operators.length > 0) {
    tables.push({ name: sheets.operators, header: [titles.operator, ...OPERATOR_FIGURES.map((name) => titles[name])], rows: operators.map((operator) => [operator.key, ...OPERATOR_FIGURES.map((name) => operator[name])]) });
  }
  return tables;
}

/**
 * The statistics of a range as a file: CSV (UTF-8 with BOM, as the history's export) or XLSX,
 * the same tables and columns in both (XLSX: a sheet each; CSV: one after another). Answered base64 so the page saves it as the history's CSV is saved.
 */
export async function exportStatistics(
  reader: StatisticsReader,
  request: { range: StatisticsRange; format: 'csv' | 'xlsx'; language: Language },
  names: StatisticsExportNames,
): Promise<{ fileName: string; mimeType: string; base64: string; lines: number }> {
  const tables = await exportTables(reader, request.range, request.language, names);
  const baseName = `statistics-${chinaDayOf(request.range.from)}-${chinaDayOf(request.range.to - 1)}`;
  // `lines`: the figures' lines (the first table's), as the screen reports them.
  const lines = tables[0]?.rows.length ?? 0;
  if (request.format === 'csv') {
    // One byte-order mark, at the start; a blank line between the tables.
    const text = tables.map(({ header, rows }, index) => csvText([header, ...rows.map((row) => row.map(String))]).slice(index === 0 ? 0 : 1)).join('\r\n');
    return { fileName: `${baseName}.csv`, mimeType: 'text/csv;charset=utf-8', base64: Buffer.from(text).toString('base64'), lines };
  }
  // Loaded at the first spreadsheet, not at the station's start.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const bytes = await writeXlsxFile(tables.map(({ name, header, rows }) => ({ sheet: name, data: [header.map((value) => ({ value, fontWeight: 'bold' as const })), ...rows] }))).toBuffer();
  return { fileName: `${baseName}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', base64: bytes.toString('base64'), lines };
}
