import { chinaOffsetMs, dayMs } from '../../../shared/time/china-time';
import { noFigures, type StatisticsDimension, type StatisticsFigures, type StatisticsGroup } from '../../../shared/domain/statistics';
import type { StatisticsGrouping, StatisticsReader, StatisticsRow } from '../station-backend';
import type { StationDatabase } from './open-station-database';

/** The groupings a desk's own sums have key columns for (a desk on its own has no desk grouping). */
type LocalGrouping = Exclude<StatisticsGrouping, 'desk' | 'operator'>;

/** The key column of each grouping over the rollups (migrations 19 and 21). */
const KEY_OF: Readonly<Record<LocalGrouping, string>> = {
  hour: 'hour_start',
  day: `((hour_start + ${chinaOffsetMs}) / ${dayMs}) * ${dayMs} - ${chinaOffsetMs}`,
  shop: 'shop_id',
  carrier: 'carrier_code',
  branch: 'branch_code',
};

/**
 * The rollup tables and the figures each sums: per-hour sums of waybills, prints and charged
 * calls, failures per reason (migration 19), orders held back once a day, desk events per hour
 * and shop (migration 21; no carrier or branch: those figures fall under none).
 */
const SOURCES: readonly { table: string; figures: string; keys?: Partial<Record<LocalGrouping, string>> }[] = [
  {
    table: 'statistics_hours',
    figures: `SUM(waybills) AS waybills, SUM(split_parcels) AS splitParcels, SUM(labels_printed) AS labelsPrinted, SUM(reprints) AS reprints, SUM(voids) AS voids,
      SUM(calls) AS calls, SUM(points) AS points`,
  },
  { table: 'statistics_failures', figures: 'SUM(failures) AS failures' },
  { table: 'statistics_held_back', figures: 'COUNT(*) AS heldBack' },
  { table: 'statistics_desk_hours', figures: 'SUM(verified) AS verified, SUM(mismatches) AS mismatches, SUM(overrides) AS overrides', keys: { carrier: "''", branch: "''" } },
];

/** The groupings a desk on its own answers: it is its only desk, so there is no desk grouping. */
const LOCAL_DIMENSIONS: readonly StatisticsDimension[] = ['shop', 'carrier', 'branch'];

/** An operator's figures as the rollup keeps them. */
type OperatorRow = { operator: string } & Pick<StatisticsFigures, 'waybills' | 'labelsPrinted' | 'reprints' | 'voids' | 'verified' | 'mismatches' | 'overrides'>;

/**
 * The statistics of this desk on the station database: sums over the per-hour rollups the
 * triggers of migrations 19 and 21 keep in step with the waybills, prints, failed orders, charged
 * calls, held-back orders, desk events and the operators' work (from the audit log), so a year
 * is a few thousand rows whatever the number of waybills.
 */
export function createLocalStatistics(db: StationDatabase): StatisticsReader {
  const prepared = new Map<string, ReturnType<StationDatabase['prepare']>[]>();
  const statementsOf = (groupings: readonly LocalGrouping[]) => {
    const name = groupings.join(',');
    let statements = prepared.get(name);
    if (!statements) {
      const groupBy = groupings.map((_, index) => index + 1).join(', ');
      statements = SOURCES.map(({ table, figures, keys }) => {
        const columns = groupings.map((grouping, index) => `CAST(${keys?.[grouping] ?? KEY_OF[grouping]} AS TEXT) AS k${index}`).join(', ');
        return db.prepare(`SELECT ${columns}, ${figures} FROM ${table} WHERE hour_start >= @from AND hour_start < @to GROUP BY ${groupBy}`);
      });
      prepared.set(name, statements);
    }
    return statements;
  };
  const reasons = db.prepare('SELECT reason, SUM(failures) AS failures FROM statistics_failures WHERE hour_start >= @from AND hour_start < @to GROUP BY reason HAVING SUM(failures) > 0 ORDER BY 2 DESC, 1');
  const operators = db.prepare(`SELECT operator_name AS operator, SUM(waybills) AS waybills, SUM(labels_printed) AS labelsPrinted, SUM(reprints) AS reprints, SUM(voids) AS voids,
      SUM(verified) AS verified, SUM(mismatches) AS mismatches, SUM(overrides) AS overrides
    FROM statistics_operator_hours WHERE hour_start >= @from AND hour_start < @to GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1`);

  return {
    dimensions: LOCAL_DIMENSIONS,
    async figures(range, groupings) {
      // A desk on its own is its only desk: grouping by desk changes nothing.
      const own = groupings.filter((grouping): grouping is LocalGrouping => grouping !== 'desk' && grouping !== 'operator');
      const rows = new Map<string, StatisticsRow>();
      // A group may have figures of one source only (failures and nothing issued, say).
      for (const statement of statementsOf(own)) {
        for (const found of statement.all(range) as Record<string, string | number>[]) {
          const keys = groupings.map((grouping) => (own.includes(grouping as LocalGrouping) ? String(found[`k${own.indexOf(grouping as LocalGrouping)}`]) : ''));
          const id = JSON.stringify(keys);
          const row = rows.get(id) ?? { keys, ...noFigures() };
          for (const [column, value] of Object.entries(found)) if (!column.startsWith('k')) row[column as keyof StatisticsFigures] += Number(value);
          rows.set(id, row);
        }
      }
      return [...rows.values()];
    },
    failuresByReason: async (range) => reasons.all(range) as { reason: string; failures: number }[],
    operators: async (range): Promise<StatisticsGroup[]> => (operators.all(range) as OperatorRow[]).map(({ operator, ...figures }) => ({ ...noFigures(), ...figures, key: operator })),
  };
}
