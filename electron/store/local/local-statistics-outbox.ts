import { deskOperatorFigureNames, deskOwnFigureNames, type DeskStatisticsHours, type StatisticsOutboxReader, type StatisticsOutboxWriter } from '../station-backend';
import { createLocalStatistics } from './local-statistics';
import type { StationDatabase } from './open-station-database';

/** The rollups holding a desk's own figures (migrations 19 and 21), and the columns whose change is one (the history's own figures are the shared history's). */
const WATCHED: readonly { table: string; columns?: string }[] = [
  { table: 'statistics_hours', columns: 'calls, points' },
  { table: 'statistics_failures' },
  { table: 'statistics_held_back' },
  { table: 'statistics_desk_hours' },
  { table: 'statistics_operator_hours' },
];

/** Every hour, as the rollups' ranges take it. */
const EVERY_HOUR = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };
const HOUR_MS = 3_600_000;

/**
 * This desk's own statistics waiting for the shared database. Temporary triggers (this
 * connection's only: no migration, nothing left in the file) count each change of an hour's own
 * figures in a temporary table, in the transaction of the change, and tell the listeners once it
 * is done. What changed before this process started — or while it could not send — is found by
 * comparing `all` with what the server holds.
 */
export function createLocalStatisticsOutbox(db: StationDatabase): { read: StatisticsOutboxReader; write: StatisticsOutboxWriter } {
  const listeners = new Set<() => void>();
  let told = false;
  db.function('statistics_hour_changed', { deterministic: false }, () => {
    // Told after the transaction (better-sqlite3's run synchronously): the listeners read what was committed.
    if (!told) {
      told = true;
      queueMicrotask(() => {
        told = false;
        for (const listener of listeners) listener();
      });
    }
    return null;
  });
  const noteChange = (row: 'NEW' | 'OLD') =>
    `INSERT INTO temp.statistics_hours_to_share (hour_start, change) VALUES (${row}.hour_start, 1) ON CONFLICT (hour_start) DO UPDATE SET change = change + 1; SELECT statistics_hour_changed();`;
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS statistics_hours_to_share (hour_start INTEGER PRIMARY KEY, change INTEGER NOT NULL)`);
  for (const { table, columns } of WATCHED) {
    db.exec(`
      CREATE TEMP TRIGGER IF NOT EXISTS ${table}_to_share_added AFTER INSERT ON main.${table} BEGIN ${noteChange('NEW')} END;
      CREATE TEMP TRIGGER IF NOT EXISTS ${table}_to_share_removed AFTER DELETE ON main.${table} BEGIN ${noteChange('OLD')} END;
      CREATE TEMP TRIGGER IF NOT EXISTS ${table}_to_share_changed AFTER UPDATE ${columns === undefined ? '' : `OF ${columns}`} ON main.${table} BEGIN ${noteChange('OLD')} ${noteChange('NEW')} END;
    `);
  }
  const statistics = createLocalStatistics(db);
  const changed = db.prepare('SELECT hour_start AS hour, change FROM temp.statistics_hours_to_share ORDER BY hour_start LIMIT ?');
  const failures = db.prepare('SELECT hour_start AS hour, reason, SUM(failures) AS failures FROM statistics_failures WHERE hour_start >= @from AND hour_start < @to GROUP BY 1, 2 HAVING SUM(failures) <> 0');
  const operators = db.prepare(`SELECT hour_start AS hour, operator_name AS operator, waybills, labels_printed AS labelsPrinted, reprints, voids, verified, mismatches, overrides
    FROM statistics_operator_hours WHERE hour_start >= @from AND hour_start < @to`);
  const markShared = db.prepare('DELETE FROM temp.statistics_hours_to_share WHERE hour_start = @hour AND change = @change');
  const markChanged = db.prepare('INSERT INTO temp.statistics_hours_to_share (hour_start, change) VALUES (?, 1) ON CONFLICT (hour_start) DO UPDATE SET change = change + 1');

  /** The own figures of a range, kept to the hours `keep` says (all of them when it is null). */
  const read = async (range: { from: number; to: number }, keep: ReadonlySet<number> | null): Promise<Omit<DeskStatisticsHours, 'hours'>> => {
    const kept = (hour: number) => keep === null || keep.has(hour);
    const figures: DeskStatisticsHours['figures'] = [];
    for (const row of await statistics.figures(range, ['hour', 'shop', 'carrier', 'branch'])) {
      const [hour = '', shop = '', carrier = '', branch = ''] = row.keys;
      const own = Object.fromEntries(deskOwnFigureNames.map((name) => [name, row[name]])) as Record<(typeof deskOwnFigureNames)[number], number>;
      if (kept(Number(hour)) && deskOwnFigureNames.some((name) => own[name] !== 0)) figures.push({ hour: Number(hour), shop, carrier, branch, ...own });
    }
    return {
      figures,
      failures: (failures.all(range) as DeskStatisticsHours['failures']).filter((row) => kept(row.hour)),
      operators: (operators.all(range) as DeskStatisticsHours['operators']).filter((row) => kept(row.hour) && deskOperatorFigureNames.some((name) => row[name] !== 0)),
    };
  };

  return {
    read: {
      changed: async (limit) => changed.all(limit) as { hour: number; change: number }[],
      async hours(hours) {
        if (hours.length === 0) return { hours: [], figures: [], failures: [], operators: [] };
        const range = { from: Math.min(...hours), to: Math.max(...hours) + HOUR_MS };
        return { hours: [...hours], ...(await read(range, new Set(hours))) };
      },
      async all() {
        const rows = await read(EVERY_HOUR, null);
        const hours = new Set([...rows.figures, ...rows.failures, ...rows.operators].map((row) => row.hour));
        return { hours: [...hours].sort((a, b) => a - b), ...rows };
      },
      onChange(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    write: {
      markShared: async (hours) => {
        db.transaction(() => {
          for (const hour of hours) markShared.run(hour);
        })();
      },
      markChanged: async (hours) => {
        db.transaction(() => {
          for (const hour of hours) markChanged.run(hour);
        })();
      },
    },
  };
}
