import { noFigures, type StatisticsFigures, type StatisticsGroup, type StatisticsRange } from '../../../shared/domain/statistics';
import { chinaOffsetMs, dayMs } from '../../../shared/time/china-time';
import { deskOperatorFigureNames, deskOwnFigureNames, type DeskOwnFigures, type DeskStatisticsHours, type StatisticsGrouping } from '../station-backend';
import { sharedStatements, type SharedDeskAccess } from './shared-access';

/** The groupings the account's rollups have key columns for. */
export type SharedStatisticsGrouping = Exclude<StatisticsGrouping, 'operator'>;

/** The key column of each grouping over the rollups (migrations 009 and 011). */
const KEY_OF: Readonly<Record<SharedStatisticsGrouping, string>> = {
  hour: 'hour_start',
  day: `((hour_start + ${chinaOffsetMs}) / ${dayMs}) * ${dayMs} - ${chinaOffsetMs}`,
  shop: 'shop_id',
  carrier: 'carrier_code',
  branch: 'branch_code',
  desk: 'desk_id',
};

/** The figures the shared history holds (the other figures are the desks' own records, sent by each desk). */
export type SharedHistoryFigures = Pick<StatisticsFigures, 'waybills' | 'splitParcels' | 'labelsPrinted' | 'reprints' | 'voids'>;

/** The figures of the history's rollup (migration 009) and of the desks' own (migration 011), as sums of their columns. */
const HISTORY_SUMS = 'sum(waybills) AS "waybills", sum(split_parcels) AS "splitParcels", sum(labels_printed) AS "labelsPrinted", sum(reprints) AS "reprints", sum(voids) AS "voids"';
const OWN_SUMS = 'sum(failures) AS "failures", sum(calls) AS "calls", sum(points) AS "points", sum(held_back) AS "heldBack", sum(verified) AS "verified", sum(mismatches) AS "mismatches", sum(overrides) AS "overrides"';

/** The own-figure columns of migration 011's tables, in the order of the figure names. */
const OWN_COLUMNS = ['failures', 'calls', 'points', 'held_back', 'verified', 'mismatches', 'overrides'] as const;
const OPERATOR_COLUMNS = ['waybills', 'labels_printed', 'reprints', 'voids', 'verified', 'mismatches', 'overrides'] as const;

/** The account's statistics: every desk's history, and every desk's own records once it sent them. */
export interface SharedStatistics {
  /** The history's figures of the range per combination of the groupings' keys (only combinations with something in them), keys in the groupings' order. */
  figures(range: StatisticsRange, groupings: readonly SharedStatisticsGrouping[]): Promise<(SharedHistoryFigures & { keys: string[] })[]>;
  /** The desks' own figures (as they sent them) of the range, grouped as `figures` groups. */
  deskFigures(range: StatisticsRange, groupings: readonly SharedStatisticsGrouping[]): Promise<(DeskOwnFigures & { keys: string[] })[]>;
  /** Every desk's failed orders of the range per reason, most first. */
  failuresByReason(range: StatisticsRange): Promise<{ reason: string; failures: number }[]>;
  /** Every desk's figures of the range per operator, most waybills first. */
  operators(range: StatisticsRange): Promise<StatisticsGroup[]>;
  /** What this desk sent before, hour by hour (to find the hours whose figures the desk has otherwise). */
  deskHours(): Promise<DeskStatisticsHours>;
  /** This desk's own figures of these hours, in place of what it sent for them before (one transaction). */
  replaceDeskHours(hours: DeskStatisticsHours): Promise<void>;
}

/** The account's statistics of one desk's access to the schema: sums over the per-hour rollups (migrations 009 and 011). */
export function createSharedStatistics(access: SharedDeskAccess): SharedStatistics {
  const statements = sharedStatements(access);
  const table = (name: string) => statements.table(name);
  const numbers = <T extends string>(row: Record<string, unknown>, names: readonly T[]) => Object.fromEntries(names.map((name) => [name, Number(row[name] ?? 0)])) as Record<T, number>;
  /** One rollup's sums of the range per combination of the groupings' keys (those `having` keeps), keys in the groupings' order. */
  const sums = async (name: string, figures: string, having: string, range: StatisticsRange, groupings: readonly SharedStatisticsGrouping[]) => {
    const keys = groupings.map((grouping, index) => `(${KEY_OF[grouping]})::text AS k${index}`);
    const groupBy = groupings.length === 0 ? '' : `GROUP BY ${groupings.map((_, index) => index + 1).join(', ')}`;
    const rows = await statements.query<Record<string, string>>(`SELECT ${[...keys, figures].join(', ')} FROM ${table(name)} WHERE hour_start >= $1 AND hour_start < $2 ${groupBy} HAVING ${having}`, [range.from, range.to]);
    return rows.map((row) => ({ ...row, keys: groupings.map((_, index) => row[`k${index}`] ?? '') }));
  };
  return {
    async figures(range, groupings) {
      const rows = await sums('shared_statistics_hours', HISTORY_SUMS, 'sum(waybills) <> 0 OR sum(labels_printed) <> 0 OR sum(voids) <> 0', range, groupings);
      return rows.map((row) => ({ keys: row.keys, ...numbers(row, ['waybills', 'splitParcels', 'labelsPrinted', 'reprints', 'voids']) }));
    },
    async deskFigures(range, groupings) {
      const rows = await sums('shared_desk_statistics_hours', OWN_SUMS, OWN_COLUMNS.map((column) => `sum(${column}) <> 0`).join(' OR '), range, groupings);
      return rows.map((row) => ({ keys: row.keys, ...numbers(row, deskOwnFigureNames) }));
    },
    async failuresByReason(range) {
      const rows = await statements.query<{ reason: string; failures: string }>(
        `SELECT reason, sum(failures) AS failures FROM ${table('shared_desk_failure_hours')} WHERE hour_start >= $1 AND hour_start < $2 GROUP BY reason HAVING sum(failures) > 0 ORDER BY 2 DESC, 1`,
        [range.from, range.to],
      );
      return rows.map((row) => ({ reason: row.reason, failures: Number(row.failures) }));
    },
    async operators(range) {
      const rows = await statements.query<Record<string, string>>(
        `SELECT operator_name AS key, ${OPERATOR_COLUMNS.map((column, index) => `sum(${column}) AS "${deskOperatorFigureNames[index]}"`).join(', ')}
         FROM ${table('shared_desk_operator_hours')} WHERE hour_start >= $1 AND hour_start < $2 GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1`,
        [range.from, range.to],
      );
      return rows.map((row) => ({ ...noFigures(), ...numbers(row, deskOperatorFigureNames), key: row.key ?? '' }));
    },
    async deskHours() {
      const desk = [access.deskId];
      const figures = await statements.query<Record<string, string>>(
        `SELECT hour_start AS hour, shop_id AS shop, carrier_code AS carrier, branch_code AS branch, ${OWN_COLUMNS.map((column, index) => `${column} AS "${deskOwnFigureNames[index]}"`).join(', ')}
         FROM ${table('shared_desk_statistics_hours')} WHERE desk_id = $1`,
        desk,
      );
      const failures = await statements.query<Record<string, string>>(`SELECT hour_start AS hour, reason, failures FROM ${table('shared_desk_failure_hours')} WHERE desk_id = $1`, desk);
      const operators = await statements.query<Record<string, string>>(
        `SELECT hour_start AS hour, operator_name AS operator, ${OPERATOR_COLUMNS.map((column, index) => `${column} AS "${deskOperatorFigureNames[index]}"`).join(', ')}
         FROM ${table('shared_desk_operator_hours')} WHERE desk_id = $1`,
        desk,
      );
      const read: Omit<DeskStatisticsHours, 'hours'> = {
        figures: figures.map((row) => ({ hour: Number(row.hour), shop: row.shop ?? '', carrier: row.carrier ?? '', branch: row.branch ?? '', ...numbers(row, deskOwnFigureNames) })),
        failures: failures.map((row) => ({ hour: Number(row.hour), reason: row.reason ?? '', failures: Number(row.failures) })),
        operators: operators.map((row) => ({ hour: Number(row.hour), operator: row.operator ?? '', ...numbers(row, deskOperatorFigureNames) })),
      };
      const hours = new Set([...read.figures, ...read.failures, ...read.operators].map((row) => row.hour));
      return { hours: [...hours].sort((a, b) => a - b), ...read };
    },
    async replaceDeskHours({ hours, figures, failures, operators }) {
      const desk = access.deskId;
      await statements.transaction(async (client) => {
        for (const name of ['shared_desk_statistics_hours', 'shared_desk_failure_hours', 'shared_desk_operator_hours']) {
          await client.query(`DELETE FROM ${table(name)} WHERE desk_id = $1 AND hour_start = ANY($2::bigint[])`, [desk, hours]);
        }
        // One statement per table, its rows as arrays (unnest), whatever their number.
        if (figures.length > 0)
          await client.query(
            `INSERT INTO ${table('shared_desk_statistics_hours')} (desk_id, hour_start, shop_id, carrier_code, branch_code, ${OWN_COLUMNS.join(', ')})
             SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], ${OWN_COLUMNS.map((_, index) => `$${index + 6}::bigint[]`).join(', ')})`,
            [desk, figures.map((row) => row.hour), figures.map((row) => row.shop), figures.map((row) => row.carrier), figures.map((row) => row.branch), ...deskOwnFigureNames.map((name) => figures.map((row) => row[name]))],
          );
        if (failures.length > 0)
          await client.query(`INSERT INTO ${table('shared_desk_failure_hours')} (desk_id, hour_start, reason, failures) SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::bigint[])`, [
            desk,
            failures.map((row) => row.hour),
            failures.map((row) => row.reason),
            failures.map((row) => row.failures),
          ]);
        if (operators.length > 0)
          await client.query(
            `INSERT INTO ${table('shared_desk_operator_hours')} (desk_id, hour_start, operator_name, ${OPERATOR_COLUMNS.join(', ')})
             SELECT $1, * FROM unnest($2::bigint[], $3::text[], ${OPERATOR_COLUMNS.map((_, index) => `$${index + 4}::bigint[]`).join(', ')})`,
            [desk, operators.map((row) => row.hour), operators.map((row) => row.operator), ...deskOperatorFigureNames.map((name) => operators.map((row) => row[name]))],
          );
      });
    },
  };
}
