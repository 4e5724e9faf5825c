import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The storage seam holds: SQLite lives only in the local backend (`electron/store/local/`), SQL
 * only there and in the shared mode's PostgreSQL store (`electron/store/postgres/`), and services
 * reach the local backend only through the StationBackend interface, opened by the backend map.
 */

const root = resolve(import.meta.dirname, '../..');

/** The local backend's folder, the one place with SQLite. */
const localBackend = 'electron/store/local/';
/** The shared mode's PostgreSQL store: its statements are SQL too. */
const sharedStore = 'electron/store/postgres/';
/** The one file that may import the local backend: the map the composition root opens a backend through. */
const backendMap = 'electron/composition/station-backends.ts';

/** Production sources: not tests, not the test kits. */
function productionFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'node_modules' ? [] : productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = ['electron', 'shared', 'renderer/src'].flatMap(productionFiles).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

/** What betrays SQLite: the driver and its calls. */
const sqliteMarks: readonly { what: string; pattern: RegExp }[] = [
  { what: 'better-sqlite3 import', pattern: /from\s+['"]better-sqlite3['"]|require\(\s*['"]better-sqlite3['"]\s*\)/ },
  { what: '.prepare(', pattern: /\.prepare\(/ },
  { what: '.pragma(', pattern: /\.pragma\(/ },
  // RegExp#exec is everywhere: only an exec given SQL text counts.
  { what: '.exec( with SQL', pattern: /\.exec\(\s*[`'"]\s*(?:CREATE|INSERT|UPDATE|DELETE|SELECT|ALTER|DROP|PRAGMA|BEGIN|VACUUM|WITH)\b/i },
];
/** A statement in a string. */
const sqlStatement = { what: 'an SQL statement', pattern: /\b(?:SELECT\s+(?:\*|[a-z_]+[,\s])[^`'"]*\bFROM\b|INSERT\s+INTO|UPDATE\s+[a-z_]+\s+SET|DELETE\s+FROM)\b/ };
const marksOf = (text: string, marks: readonly { what: string; pattern: RegExp }[]): string[] => marks.filter((mark) => mark.pattern.test(text)).map((mark) => mark.what);

describe('storage boundaries', () => {
  it('finds the production sources it guards, the local backend among them', () => {
    expect(files.some((file) => file.path.startsWith(localBackend))).toBe(true);
    expect(files.some((file) => file.path === 'electron/issuing/issuing-engine.ts')).toBe(true);
    expect(files.some((file) => file.path.includes('/testing/') || file.path.endsWith('.test.ts'))).toBe(false);
  });

  it('has SQLite only in the local backend, and SQL only there and in the shared store', () => {
    const found = files.flatMap((file) => {
      const allowed = file.path.startsWith(localBackend) ? [] : file.path.startsWith(sharedStore) ? sqliteMarks : [...sqliteMarks, sqlStatement];
      return marksOf(file.text, allowed).map((what) => `${file.path}: ${what}`);
    });
    expect(found).toEqual([]);
    // The guard sees SQL where it is.
    const journal = files.find((file) => file.path === `${localBackend}local-journal.ts`);
    expect(marksOf(journal?.text ?? '', [...sqliteMarks, sqlStatement])).toEqual(expect.arrayContaining(['.prepare(', 'an SQL statement']));
  });

  it('asks each owner about its own table: the journal names neither the print queue’s nor the ledger’s, the history changes no print document', () => {
    const text = (name: string) => files.find((file) => file.path === `${localBackend}${name}`)?.text ?? '';
    expect(text('local-journal.ts')).not.toMatch(/print_documents|gateway_call_costs/);
    expect(text('local-history.ts')).not.toMatch(/UPDATE\s+print_documents/);
    expect(text('local-print-tasks.ts')).toMatch(/UPDATE print_documents/);
  });

  it('lets no service import the local backend: only the backend map does', () => {
    const importsLocal = /from\s+['"](?:\.{1,2}\/)+(?:[\w-]+\/)*store\/local\/|from\s+['"]\.\/local\//;
    const found = files.filter((file) => !file.path.startsWith(localBackend) && importsLocal.test(file.text)).map((file) => relative('.', file.path));
    expect(found).toEqual([backendMap]);
  });
});
