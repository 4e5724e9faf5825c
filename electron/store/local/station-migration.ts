import type Database from 'better-sqlite3';
import type { GatewayIdentity } from '../../../shared/domain/gateway-identity';

/** What a migration may know about the data it migrates, from the station that opens the database. */
export interface MigrationContext {
  /**
   * The gateway rows written before version 7 were issued against, where the station knows it
   * (the settings it started with were read intact from their own file); null or absent when not,
   * and such rows are recorded as UNKNOWN_GATEWAY.
   */
  legacyGateway?: GatewayIdentity | null;
}

/**
 * One schema step of the station database, in its own numbered file under migrations/. Versions
 * count up from 1 with no gaps; a shipped migration never changes.
 */
export interface StationMigration {
  version: number;
  name: string;
  up(db: Database.Database, context: MigrationContext): void;
}
