import type { StatisticsDimension } from '../../shared/domain/statistics';
import type { SharedHistoryFigures, SharedStatisticsGrouping } from '../store/postgres/shared-statistics';
import type { StationBackend, StatisticsReader, StatisticsRow } from '../store/station-backend';
import type { SharedStation } from './shared-station';

/** The figures the account's shared history holds: in shared mode they are every desk's. */
const HISTORY_FIGURES = ['waybills', 'splitParcels', 'labelsPrinted', 'reprints', 'voids'] as const satisfies readonly (keyof SharedHistoryFigures)[];

/**
 * The shared mode's statistics: the account's. Waybills, parcels, voids, labels printed and
 * reprints are every desk's, from the shared history (the rollup PostgreSQL keeps), with a desk
 * grouping; the figures only a desk records (failures, gateway calls and points, orders held
 * back, verification) are this desk's, under its own desk. While the server is away the desk
 * shows its own figures, all under itself.
 */
export function withSharedStatistics(local: StationBackend, shared: SharedStation): StationBackend {
  const own = local.read.statistics;
  const dimensions: readonly StatisticsDimension[] = [...own.dimensions, 'desk'];
  /** This desk's own rows, the desk grouping keyed by this desk; `history` false leaves out the figures the shared history has. */
  const ownRows = async (range: Parameters<StatisticsReader['figures']>[0], groupings: Parameters<StatisticsReader['figures']>[1], history: boolean): Promise<StatisticsRow[]> =>
    (await own.figures(range, groupings)).map((row) => {
      const keys = row.keys.map((key, index) => (groupings[index] === 'desk' ? shared.access.deskId : key));
      if (history) return { ...row, keys };
      const mine: StatisticsRow = { ...row, keys };
      for (const name of HISTORY_FIGURES) mine[name] = 0;
      return mine;
    });
  const statistics: StatisticsReader = {
    ...own,
    dimensions,
    async figures(range, groupings) {
      if (shared.state() !== 'connected' || groupings.includes('operator')) return ownRows(range, groupings, true);
      let account;
      try {
        account = await shared.statistics.figures(range, groupings as readonly SharedStatisticsGrouping[]);
      } catch (error) {
        shared.noticeFailure(error);
        return ownRows(range, groupings, true);
      }
      const rows = new Map<string, StatisticsRow>();
      for (const row of await ownRows(range, groupings, false)) rows.set(JSON.stringify(row.keys), row);
      for (const row of account) {
        const id = JSON.stringify(row.keys);
        const known = rows.get(id);
        if (known) Object.assign(known, row);
        else rows.set(id, { ...row, failures: 0, calls: 0, points: 0, heldBack: 0, verified: 0, mismatches: 0, overrides: 0 });
      }
      // Rows of nothing but zeros (this desk's history figures taken out) are left out, as the stores leave them.
      return [...rows.values()].filter((row) => Object.entries(row).some(([name, value]) => name !== 'keys' && value !== 0));
    },
  };
  return { ...local, read: { ...local.read, statistics } };
}
