import { UNKNOWN_GATEWAY } from '../../../../shared/domain/gateway-identity';
import type { StationMigration } from '../station-migration';

/** The tables whose rows record the gateway and shop they belong to. */
const gatewayTables = ['issue_jobs', 'journal_orders', 'print_documents'] as const;

/** Migration 7: every job, journal row and print task records the gateway and shop it belongs to. */
export const gatewayOfEveryRowMigration: StationMigration = {
  version: 7,
  name: 'gateway and shop of every job, journal row and print task',
  up(db, context) {
    // A row that never had them set is of an unknown gateway: it matches none and waits.
    const legacy = context.legacyGateway ?? { baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY };
    for (const table of gatewayTables) {
      db.exec(`
        ALTER TABLE ${table} ADD COLUMN gateway_base_url TEXT NOT NULL DEFAULT '${UNKNOWN_GATEWAY}';
        ALTER TABLE ${table} ADD COLUMN gateway_shop_id TEXT NOT NULL DEFAULT '${UNKNOWN_GATEWAY}';
      `);
      db.prepare(`UPDATE ${table} SET gateway_base_url = ?, gateway_shop_id = ?`).run(legacy.baseUrl, legacy.shopId);
    }
    db.exec(`CREATE INDEX issue_jobs_by_gateway ON issue_jobs (gateway_base_url, gateway_shop_id, state);`);
  },
};
