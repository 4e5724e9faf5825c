import { describe, expect, it } from 'vitest';
import { StationFailure } from '../../ipc/to-station-error';
import { SHARED_SCHEMA_VERSION } from './shared-migrations';
import { checkSharedSchemaVersion } from './shared-schema-version';
import { TEST_SCHEMA } from './testing/shared-test-desks';
import { useSharedTestDesks } from './testing/use-shared-test-desks';

const rig = useSharedTestDesks();

describe('the schema version a running desk checks', () => {
  it('passes while the schema is at the version this desk migrated it to, and names both versions once another app migrated it', async () => {
    await checkSharedSchemaVersion(rig.desks.pool, TEST_SCHEMA);
    await rig.desks.pool.query(`INSERT INTO ${TEST_SCHEMA}.kysely_migration (name, timestamp) VALUES ('999-from-a-newer-app', now()::text)`);
    const refusal = await checkSharedSchemaVersion(rig.desks.pool, TEST_SCHEMA).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StationFailure);
    expect((refusal as StationFailure).error).toEqual({ code: 'shared-mode.schema-changed', params: { schema: TEST_SCHEMA, version: SHARED_SCHEMA_VERSION + 1, known: SHARED_SCHEMA_VERSION }, retryable: false });
  });
});
