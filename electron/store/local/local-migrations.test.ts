import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localMigrations } from './local-migrations';
import type { StationMigration } from './station-migration';

const migrationsFolder = join(import.meta.dirname, 'migrations');
/** The migration files: `NNN-<its name in kebab case>.ts`, each with its test beside it. */
const migrationFiles = readdirSync(migrationsFolder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).sort();

/** A migration's name as its file spells it. */
const kebab = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

describe('the station database migrations', () => {
  it('count up from 1 with no gaps', () => {
    expect(localMigrations.map((migration) => migration.version)).toEqual(localMigrations.map((_, index) => index + 1));
  });

  it('are listed in full and in the order of their files, each file named after its version and name, with its own test', async () => {
    expect(migrationFiles).toHaveLength(localMigrations.length);
    for (const [index, fileName] of migrationFiles.entries()) {
      const exported = Object.values((await import(join(migrationsFolder, fileName))) as Record<string, StationMigration>);
      expect(exported, fileName).toHaveLength(1);
      const [migration] = exported;
      expect(migration, fileName).toBe(localMigrations[index]);
      expect(fileName).toBe(`${String(migration?.version).padStart(3, '0')}-${kebab(migration?.name ?? '')}.ts`);
      expect(readdirSync(migrationsFolder), fileName).toContain(fileName.replace(/\.ts$/, '.test.ts'));
    }
  });
});
