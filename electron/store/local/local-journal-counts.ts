import type { StationDatabase } from './open-station-database';
import type { JournalCounts, TableCount } from '../station-records';

/** A state worth naming: an identifier such as `issuing` or `WAIT_SELLER_SEND_GOODS`, never free text. */
const statePattern = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** Quotes an SQLite identifier (table names come from the schema itself, but may hold anything). */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Counts the rows of every table the database has — found in its schema, not listed here, so
 * tables that later migrations add (the issuing journal, print tasks, the order cache) are
 * counted without changing this code.
 */
export function countJournalRows(database: StationDatabase): JournalCounts {
  const names = database
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
    .pluck()
    .all() as string[];
  const tables = names.map((table): TableCount => {
    const quoted = quoteIdentifier(table);
    const rows = database.prepare(`SELECT COUNT(*) FROM ${quoted}`).pluck().get() as number;
    const columns = database.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
    if (!columns.includes('state')) return { table, rows };
    const byState: Record<string, number> = {};
    const groups = database.prepare(`SELECT state, COUNT(*) AS count FROM ${quoted} GROUP BY state ORDER BY state`).all() as { state: unknown; count: number }[];
    for (const { state, count } of groups) {
      const key = typeof state === 'string' && statePattern.test(state) ? state : '(other)';
      byState[key] = (byState[key] ?? 0) + count;
    }
    return { table, rows, byState };
  });
  return { schemaVersion: database.pragma('user_version', { simple: true }) as number, tables };
}
