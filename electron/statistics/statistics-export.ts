import { findCarrier } from '../../shared/domain/carriers';
import { statisticsFigureNames, type StatisticsFigures, type StatisticsRange } from '../../shared/domain/statistics';
import type { UI_LANGUAGES } from '../../shared/settings/settings-schema';
import { chinaDayOf, formatChinaDateTime } from '../../shared/time/china-time';
import { csvText } from '../issuing/waybill-csv';
import type { StatisticsGrouping, StatisticsReader } from '../store/station-backend';
import { periodOf } from './statistics-report';

type Language = (typeof UI_LANGUAGES)[number];

/** The export's column titles, in the UI's language: the key columns, then the figures in statisticsFigureNames' order. */
const COLUMN_TITLES: Readonly<Record<Language, Record<'hour' | 'day' | 'shop' | 'carrier' | 'branch' | 'desk' | keyof StatisticsFigures, string>>> = {
  'zh-CN': {
    hour: '时段', day: '日期', shop: '店铺', carrier: '快递公司', branch: '网点', desk: '出单台',
    waybills: '面单', splitParcels: '多包裹子单', labelsPrinted: '打印', reprints: '重打', voids: '作废', failures: '失败', calls: '调用', points: '点数',
  },
  en: {
    hour: 'Hour', day: 'Day', shop: 'Shop', carrier: 'Carrier', branch: 'Branch', desk: 'Desk',
    waybills: 'Waybills', splitParcels: 'Split parcels', labelsPrinted: 'Labels printed', reprints: 'Reprints', voids: 'Voids', failures: 'Failures', calls: 'Calls', points: 'Points',
  },
};

/** How an export names shops and desks. */
export interface StatisticsExportNames {
  shopName(shopId: string): string;
  deskName(deskId: string): string;
}

/** The export's table: one line per period, shop, carrier, branch (and desk in shared mode), with every figure. */
async function exportTable(reader: StatisticsReader, range: StatisticsRange, language: Language, names: StatisticsExportNames): Promise<{ header: string[]; rows: (string | number)[][] }> {
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
  return {
    header: [...groupings.map((grouping) => titles[grouping]), ...statisticsFigureNames.map((name) => titles[name])],
    rows: lines.map((line) => [...groupings.map((grouping, index) => keyText(grouping, line.keys[index] ?? '')), ...statisticsFigureNames.map((name) => line[name])]),
  };
}

/**
 * The statistics of a range as a file: CSV (UTF-8 with BOM, as the history's export) or XLSX,
 * the same columns in both. Answered base64 so the page saves it as the history's CSV is saved.
 */
export async function exportStatistics(
  reader: StatisticsReader,
  request: { range: StatisticsRange; format: 'csv' | 'xlsx'; language: Language },
  names: StatisticsExportNames,
): Promise<{ fileName: string; mimeType: string; base64: string; lines: number }> {
  const { header, rows } = await exportTable(reader, request.range, request.language, names);
  const baseName = `statistics-${chinaDayOf(request.range.from)}-${chinaDayOf(request.range.to - 1)}`;
  if (request.format === 'csv') {
    return { fileName: `${baseName}.csv`, mimeType: 'text/csv;charset=utf-8', base64: Buffer.from(csvText([header, ...rows.map((row) => row.map(String))])).toString('base64'), lines: rows.length };
  }
  // Loaded at the first spreadsheet, not at the station's start.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const bytes = await writeXlsxFile([header.map((value) => ({ value, fontWeight: 'bold' as const })), ...rows]).toBuffer();
  return { fileName: `${baseName}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', base64: bytes.toString('base64'), lines: rows.length };
}
