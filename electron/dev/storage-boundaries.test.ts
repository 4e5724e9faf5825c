import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The storage seam holds: SQL lives only in the local backend (`electron/store/local/`), and
 * services reach storage only through the StationBackend interface, opened by the backend map.
 */

const root = resolve(import.meta.dirname, '../..');

/** The local backend's folder, the one place with SQL. */
const localBackend = 'electron/store/local/';
/**
 * The database opener and its migrations, which move into the local backend's folder with the
 * migrations-per-file change: until then they sit beside it.
 */
const besideLocalBackend = ['electron/store/open-station-database.ts', 'electron/store/station-migrations.ts'];
/** The one file that may import the local backend: the map the composition root opens a backend through. */
const backendMap = 'electron/store/station-backends.ts';

/** Production sources: not tests, not the test kits. */
function productionFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'node_modules' ? [] : productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = ['electron', 'shared', 'renderer/src'].flatMap(productionFiles).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

/** What betrays SQL: the driver, its calls, or a statement in a string. */
const sqlMarks: readonly { what: string; pattern: RegExp }[] = [
  { what: 'better-sqlite3 import', pattern: /from\s+['"]better-sqlite3['"]|require\(\s*['"]better-sqlite3['"]\s*\)/ },
  { what: '.prepare(', pattern: /\.prepare\(/ },
  { what: '.pragma(', pattern: /\.pragma\(/ },
  // RegExp#exec is everywhere: only an exec given SQL text counts.
  { what: '.exec( with SQL', pattern: /\.exec\(\s*[`'"]\s*(?:CREATE|INSERT|UPDATE|DELETE|SELECT|ALTER|DROP|PRAGMA|BEGIN|VACUUM|WITH)\b/i },
  { what: 'an SQL statement', pattern: /\b(?:SELECT\s+(?:\*|[a-z_]+[,\s])[^`'"]*\bFROM\b|INSERT\s+INTO|UPDATE\s+[a-z_]+\s+SET|DELETE\s+FROM)\b/ },
];

describe('storage boundaries', () => {
  it('finds the production sources it guards, the local backend among them', () => {
    expect(files.some((file) => file.path.startsWith(localBackend))).toBe(true);
    expect(files.some((file) => file.path === 'electron/issuing/issuing-engine.ts')).toBe(true);
    expect(files.some((file) => file.path.includes('/testing/') || file.path.endsWith('.test.ts'))).toBe(false);
  });

  it('has SQL only in the local backend', () => {
    const outside = files.filter((file) => !file.path.startsWith(localBackend) && !besideLocalBackend.includes(file.path));
    const found = outside.flatMap((file) => sqlMarks.filter((mark) => mark.pattern.test(file.text)).map((mark) => `${file.path}: ${mark.what}`));
    expect(found).toEqual([]);
    // The guard sees SQL where it is.
    const journal = files.find((file) => file.path === `${localBackend}local-journal.ts`);
    expect(sqlMarks.filter((mark) => mark.pattern.test(journal?.text ?? '')).map((mark) => mark.what)).toEqual(expect.arrayContaining(['.prepare(', 'an SQL statement']));
  });

  it('lets no service import the local backend: only the backend map does', () => {
    const importsLocal = /from\s+['"](?:\.{1,2}\/)+(?:[\w-]+\/)*store\/local\/|from\s+['"]\.\/local\//;
    const found = files.filter((file) => !file.path.startsWith(localBackend) && importsLocal.test(file.text)).map((file) => relative('.', file.path));
    expect(found).toEqual([backendMap]);
  });
});
