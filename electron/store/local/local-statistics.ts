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

/** Period, operator and the four figures the audit log attributes to an operator. */
type OperatorRow = { operator: string; waybills: number; labelsPrinted: number; reprints: number; voids: number };

/**
 * Per operator (by name) over a range, from the audit log: the waybills of the jobs whose issuing
 * they started (the job's first `issue` entry done by an operator), each job waybill's first print
 * counted with them; the waybills of their reprints and voids, at the time they asked.
 */
const OPERATOR_FIGURES = `
  WITH job_operators AS (
    SELECT job_id, operator_name FROM (
      SELECT job_id, operator_name, ROW_NUMBER() OVER (PARTITION BY job_id ORDER BY at, rowid) AS nth
      FROM audit_entries WHERE action = 'issue' AND outcome = 'done' AND operator_name IS NOT NULL AND job_id IS NOT NULL
    ) WHERE nth = 1
  )
  SELECT operator, SUM(waybills) AS waybills, SUM(printed) + SUM(reprints) AS labelsPrinted, SUM(reprints) AS reprints, SUM(voids) AS voids FROM (
    SELECT o.operator_name AS operator, 1 AS waybills, EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = w.waybill_code AND p.state = 'printed') AS printed, 0 AS reprints, 0 AS voids
    FROM job_operators o JOIN waybills w ON w.job_id = o.job_id WHERE w.origin <> 'elsewhere' AND w.recorded_at >= @from AND w.recorded_at < @to
    UNION ALL
    SELECT operator_name, 0, 0, CASE action WHEN 'reprint' THEN json_array_length(waybill_codes) ELSE 0 END, CASE action WHEN 'void' THEN json_array_length(waybill_codes) ELSE 0 END
    FROM audit_entries WHERE action IN ('reprint', 'void') AND outcome = 'done' AND operator_name IS NOT NULL AND at >= @from AND at < @to
  ) GROUP BY operator ORDER BY 2 DESC, 3 DESC, 1`;

/**
 * The statistics of this desk on the station database: sums over the per-hour rollups the
 * triggers of migrations 19 and 21 keep in step with the waybills, prints, failed orders, charged
 * calls, held-back orders and desk events, so a year is a few thousand rows whatever the number
 * of waybills. Operators are counted from the audit log.
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
  const operators = db.prepare(OPERATOR_FIGURES);

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
