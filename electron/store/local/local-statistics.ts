import { chinaOffsetMs, dayMs } from '../../../shared/time/china-time';
import type { StatisticsDimension, StatisticsFigures, StatisticsRange } from '../../../shared/domain/statistics';
import type { StatisticsGrouping, StatisticsReader, StatisticsRow } from '../station-backend';
import type { StationDatabase } from './open-station-database';

/** The key column of each grouping over the rollup (migration 19); an operator would be one more entry. */
const KEY_OF: Readonly<Record<Exclude<StatisticsGrouping, 'desk'>, string>> = {
  hour: 'hour_start',
  day: `((hour_start + ${chinaOffsetMs}) / ${dayMs}) * ${dayMs} - ${chinaOffsetMs}`,
  shop: 'shop_id',
  carrier: 'carrier_code',
  branch: 'branch_code',
};

/** The groupings a desk on its own answers: it is its only desk, so there is no desk grouping. */
const LOCAL_DIMENSIONS: readonly StatisticsDimension[] = ['shop', 'carrier', 'branch'];

type FiguresRow = Omit<StatisticsFigures, 'failures'> & Record<`k${number}`, string>;

/**
 * The statistics of this desk on the station database: sums over the per-hour rollup the
 * triggers of migration 19 keep in step with the waybills, prints, failed orders and charged
 * calls, so a year is a few thousand rows whatever the number of waybills.
 */
export function createLocalStatistics(db: StationDatabase): StatisticsReader {
  const prepared = new Map<string, { figures: ReturnType<StationDatabase['prepare']>; failures: ReturnType<StationDatabase['prepare']> }>();
  const statementsOf = (groupings: readonly Exclude<StatisticsGrouping, 'desk'>[]) => {
    const name = groupings.join(',');
    let pair = prepared.get(name);
    if (!pair) {
      const keys = groupings.map((grouping, index) => `CAST(${KEY_OF[grouping]} AS TEXT) AS k${index}`).join(', ');
      const groupBy = groupings.map((_, index) => index + 1).join(', ');
      const over = 'WHERE hour_start >= @from AND hour_start < @to';
      pair = {
        figures: db.prepare(`SELECT ${keys}, SUM(waybills) AS waybills, SUM(split_parcels) AS splitParcels, SUM(labels_printed) AS labelsPrinted,
            SUM(reprints) AS reprints, SUM(voids) AS voids, SUM(calls) AS calls, SUM(points) AS points FROM statistics_hours ${over} GROUP BY ${groupBy}`),
        failures: db.prepare(`SELECT ${keys}, SUM(failures) AS failures FROM statistics_failures ${over} GROUP BY ${groupBy}`),
      };
      prepared.set(name, pair);
    }
    return pair;
  };
  const reasons = db.prepare('SELECT reason, SUM(failures) AS failures FROM statistics_failures WHERE hour_start >= @from AND hour_start < @to GROUP BY reason HAVING SUM(failures) > 0 ORDER BY 2 DESC, 1');

  return {
    dimensions: LOCAL_DIMENSIONS,
    async figures(range, groupings) {
      // A desk on its own is its only desk: grouping by desk changes nothing.
      const own = groupings.filter((grouping): grouping is Exclude<StatisticsGrouping, 'desk'> => grouping !== 'desk');
      const { figures, failures } = statementsOf(own);
      const keysOf = (row: Record<string, unknown>) => groupings.map((grouping) => (grouping === 'desk' ? '' : String(row[`k${own.indexOf(grouping)}`])));
      const rows = new Map<string, StatisticsRow>();
      for (const row of figures.all(range) as FiguresRow[]) {
        const keys = keysOf(row);
        const { waybills, splitParcels, labelsPrinted, reprints, voids, calls, points } = row;
        rows.set(JSON.stringify(keys), { keys, waybills, splitParcels, labelsPrinted, reprints, voids, calls, points, failures: 0 });
      }
      // A group may have failures only (nothing issued there).
      for (const row of failures.all(range) as (Record<string, string> & { failures: number })[]) {
        const keys = keysOf(row);
        const known = rows.get(JSON.stringify(keys));
        if (known) known.failures = row.failures;
        else rows.set(JSON.stringify(keys), { keys, waybills: 0, splitParcels: 0, labelsPrinted: 0, reprints: 0, voids: 0, calls: 0, points: 0, failures: row.failures });
      }
      return [...rows.values()];
    },
    failuresByReason: async (range: StatisticsRange) => reasons.all(range) as { reason: string; failures: number }[],
  };
}
