import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { StatisticsReader } from '../store/station-backend';
import { exportStatistics, type StatisticsExportNames } from './statistics-export';
import { statisticsReport } from './statistics-report';

/** The statistics screen: a range's report, and its export as CSV or XLSX. */
export function statisticsIpcHandlers(reader: StatisticsReader, names: StatisticsExportNames): FeatureIpcHandlers<'statistics'> {
  return {
    'statistics.report': (range) => statisticsReport(reader, range),
    'statistics.export': (request) => exportStatistics(reader, request, names),
  };
}
