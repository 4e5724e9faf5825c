import type { StatisticsFigures, StatisticsRange } from '../../../shared/domain/statistics';
import { chinaOffsetMs, dayMs } from '../../../shared/time/china-time';
import type { StatisticsGrouping } from '../station-backend';
import { sharedStatements, type SharedDeskAccess } from './shared-access';

/** The groupings the account's rollup has key columns for. */
export type SharedStatisticsGrouping = Exclude<StatisticsGrouping, 'operator'>;

/** The figures the shared history holds (the other figures are the desks' own records). */
export type SharedHistoryFigures = Pick<StatisticsFigures, 'waybills' | 'splitParcels' | 'labelsPrinted' | 'reprints' | 'voids'>;

/** The key column of each grouping over the rollup (migration 009). */
const KEY_OF: Readonly<Record<SharedStatisticsGrouping, string>> = {
  hour: 'hour_start',
  day: `((hour_start + ${chinaOffsetMs}) / ${dayMs}) * ${dayMs} - ${chinaOffsetMs}`,
  shop: 'shop_id',
  carrier: 'carrier_code',
  branch: 'branch_code',
  desk: 'desk_id',
};

/** The account's statistics over the shared history: every desk's waybills, parcels, void marks and label prints. */
export interface SharedStatistics {
  /** The history's figures of the range per combination of the groupings' keys (only combinations with something in them), keys in the groupings' order. */
  figures(range: StatisticsRange, groupings: readonly SharedStatisticsGrouping[]): Promise<(SharedHistoryFigures & { keys: string[] })[]>;
}

/** The account's statistics of one desk's access to the schema: sums over the per-hour rollup PostgreSQL keeps (migration 009). */
export function createSharedStatistics(access: SharedDeskAccess): SharedStatistics {
  const statements = sharedStatements(access);
  const table = statements.table('shared_statistics_hours');
  return {
    async figures(range, groupings) {
      const keys = groupings.map((grouping, index) => `(${KEY_OF[grouping]})::text AS k${index}`);
      const groupBy = groupings.length === 0 ? '' : `GROUP BY ${groupings.map((_, index) => index + 1).join(', ')}`;
      const rows = await statements.query<Record<string, string>>(
        `SELECT ${[...keys, 'sum(waybills) AS waybills, sum(split_parcels) AS split, sum(labels_printed) AS printed, sum(reprints) AS reprints, sum(voids) AS voids'].join(', ')}
         FROM ${table} WHERE hour_start >= $1 AND hour_start < $2 ${groupBy}
         HAVING sum(waybills) <> 0 OR sum(labels_printed) <> 0 OR sum(voids) <> 0`,
        [range.from, range.to],
      );
      return rows.map((row) => ({
        keys: groupings.map((_, index) => row[`k${index}`] ?? ''),
        waybills: Number(row.waybills),
        splitParcels: Number(row.split),
        labelsPrinted: Number(row.printed),
        reprints: Number(row.reprints),
        voids: Number(row.voids),
      }));
    },
  };
}

