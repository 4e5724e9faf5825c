import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';
import type { StatisticsReader } from '../store/station-backend';
import { exportStatistics, type StatisticsExportNames } from './statistics-export';
import { branchUsage, statisticsReport } from './statistics-report';

/** The statistics screen: a range's report, and its export as CSV or XLSX; the branches' pace for the balance forecast. */
export function statisticsIpcHandlers(reader: StatisticsReader, names: StatisticsExportNames): FeatureIpcHandlers<'statistics'> {
  return {
    'statistics.report': (range) => statisticsReport(reader, range),
    'statistics.export': (request) => exportStatistics(reader, request, names),
    'statistics.branch-usage': () => branchUsage(reader, Date.now()),
  };
}
