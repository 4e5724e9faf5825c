import { noFigures } from '../../shared/domain/statistics';
import type { SharedStatisticsGrouping } from '../store/postgres/shared-statistics';
import type { StationBackend, StatisticsReader, StatisticsRow } from '../store/station-backend';
import type { SharedStation } from './shared-station';

/**
 * The shared mode's statistics: the account's, every figure of every desk. Waybills, parcels,
 * voids, labels printed and reprints come from the shared history (the rollup PostgreSQL keeps);
 * failures (per reason), gateway calls and points, orders held back, verification and the
 * operators' figures from what each desk sent of its own records (a desk's count once its
 * upload reached the server) — with a desk grouping. While the server is away the desk shows its
 * own figures, all under itself.
 */
export function withSharedStatistics(local: StationBackend, shared: SharedStation): StationBackend {
  const own = local.read.statistics;
  /** Answers the account's, or this desk's own while the server is away or failing. */
  const accountOr = async <T>(account: () => Promise<T>, alone: () => Promise<T>): Promise<T> => {
    if (shared.state() !== 'connected') return alone();
    try {
      return await account();
    } catch (error) {
      shared.noticeFailure(error);
      return alone();
    }
  };
  /** This desk's own rows, the desk grouping keyed by this desk. */
  const ownRows = async (range: Parameters<StatisticsReader['figures']>[0], groupings: Parameters<StatisticsReader['figures']>[1]): Promise<StatisticsRow[]> =>
    (await own.figures(range, groupings)).map((row) => ({ ...row, keys: row.keys.map((key, index) => (groupings[index] === 'desk' ? shared.access.deskId : key)) }));
  const statistics: StatisticsReader = {
    dimensions: [...own.dimensions, 'desk'],
    figures: (range, groupings) =>
      groupings.includes('operator')
        ? ownRows(range, groupings)
        : accountOr(
            async () => {
              const account = groupings as readonly SharedStatisticsGrouping[];
              const rows = new Map<string, StatisticsRow>();
              for (const found of [...(await shared.statistics.figures(range, account)), ...(await shared.statistics.deskFigures(range, account))]) {
                const id = JSON.stringify(found.keys);
                rows.set(id, { ...(rows.get(id) ?? noFigures()), ...found });
              }
              return [...rows.values()];
            },
            () => ownRows(range, groupings),
          ),
    failuresByReason: (range) =>
      accountOr(
        () => shared.statistics.failuresByReason(range),
        () => own.failuresByReason(range),
      ),
    operators: (range) =>
      accountOr(
        () => shared.statistics.operators(range),
        () => own.operators(range),
      ),
  };
  return { ...local, read: { ...local.read, statistics } };
}
