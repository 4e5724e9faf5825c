import type Database from 'better-sqlite3';
import { UNKNOWN_GATEWAY, type GatewayIdentity } from '../../shared/domain/gateway-identity';

/** What a migration may know about the data it migrates, from the station that opens the database. */
export interface MigrationContext {
  /**
   * The gateway rows written before version 6 were issued against, where the station knows it
   * (the settings it started with were read intact from their own file); null or absent when not,
   * and such rows are recorded as UNKNOWN_GATEWAY.
   */
  legacyGateway?: GatewayIdentity | null;
}

/** One schema step. Versions count up from 1 with no gaps; a shipped migration never changes. */
export interface StationMigration {
  version: number;
  name: string;
  up(db: Database.Database, context: MigrationContext): void;
}

/** The tables whose rows record the gateway and shop they belong to (migration 6). */
const gatewayTables = ['issue_jobs', 'journal_orders', 'print_documents'] as const;

/** The station database's migrations, in order. Later features append theirs. */
export const stationMigrations: readonly StationMigration[] = [
  {
    version: 1,
    name: 'gateway call costs',
    up(db) {
      db.exec(`
        CREATE TABLE gateway_call_costs (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          endpoint TEXT NOT NULL,
          points INTEGER NOT NULL CHECK (points >= 0),
          job_id TEXT,
          at INTEGER NOT NULL,
          china_day TEXT NOT NULL
        );
        CREATE INDEX gateway_call_costs_by_day ON gateway_call_costs (china_day);
        CREATE INDEX gateway_call_costs_by_job ON gateway_call_costs (job_id) WHERE job_id IS NOT NULL;
      `);
    },
  },
  {
    version: 2,
    name: 'issuing journal',
    up(db) {
      // journal_orders is each order's truth (one row per order number, so never two waybills);
      // job_orders is a job's membership, its user-chosen order and the order as it was planned.
      db.exec(`
        CREATE TABLE issue_jobs (
          id TEXT PRIMARY KEY,
          state TEXT NOT NULL CHECK (state IN ('planned', 'issuing', 'printing', 'done', 'cancelled', 'failed')),
          ending TEXT CHECK (ending IN ('done', 'cancelled', 'failed')),
          created_at INTEGER NOT NULL,
          started_at INTEGER,
          finished_at INTEGER,
          updated_at INTEGER NOT NULL,
          carrier_code TEXT NOT NULL,
          branch_code TEXT NOT NULL,
          settings_json TEXT NOT NULL,
          package_limit INTEGER,
          stop_error_json TEXT
        );
        CREATE INDEX issue_jobs_by_state ON issue_jobs (state);

        CREATE TABLE job_orders (
          job_id TEXT NOT NULL REFERENCES issue_jobs (id),
          order_number TEXT NOT NULL,
          position INTEGER NOT NULL,
          package_key TEXT,
          order_json TEXT NOT NULL,
          problems_json TEXT,
          PRIMARY KEY (job_id, order_number)
        );
        CREATE INDEX job_orders_by_order ON job_orders (order_number);
        CREATE INDEX job_orders_by_position ON job_orders (job_id, position);

        CREATE TABLE waybills (
          waybill_code TEXT PRIMARY KEY,
          parent_waybill_code TEXT,
          carrier_code TEXT,
          branch_code TEXT,
          object_id TEXT NOT NULL,
          origin TEXT NOT NULL CHECK (origin IN ('issued', 'recovered', 'elsewhere')),
          job_id TEXT NOT NULL,
          recorded_at INTEGER NOT NULL,
          print_data TEXT,
          print_data_state TEXT NOT NULL CHECK (print_data_state IN ('present', 'unreadable', 'purged')),
          voided_at INTEGER,
          void_note TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX waybills_by_recorded ON waybills (recorded_at);

        CREATE TABLE journal_orders (
          order_number TEXT PRIMARY KEY,
          job_id TEXT NOT NULL REFERENCES issue_jobs (id),
          state TEXT NOT NULL CHECK (state IN ('planned', 'pending', 'issued', 'recovered', 'elsewhere', 'failed', 'skipped')),
          attempts INTEGER NOT NULL DEFAULT 0,
          unknown_attempts INTEGER NOT NULL DEFAULT 0,
          last_attempt_id INTEGER,
          waybill_code TEXT REFERENCES waybills (waybill_code),
          error_json TEXT,
          updated_at INTEGER NOT NULL,
          CHECK ((waybill_code IS NOT NULL) = (state IN ('issued', 'recovered', 'elsewhere')))
        );
        CREATE INDEX journal_orders_by_job ON journal_orders (job_id, state);
        CREATE INDEX journal_orders_by_waybill ON journal_orders (waybill_code) WHERE waybill_code IS NOT NULL;
        CREATE INDEX journal_orders_pending ON journal_orders (order_number) WHERE state = 'pending';

        CREATE TABLE issue_attempts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          job_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('issue', 'query')),
          started_at INTEGER NOT NULL,
          finished_at INTEGER,
          outcome TEXT CHECK (outcome IN ('answered', 'rejected', 'unknown', 'not-sent')),
          error_json TEXT
        );
        CREATE TABLE attempt_orders (
          attempt_id INTEGER NOT NULL REFERENCES issue_attempts (id),
          order_number TEXT NOT NULL,
          PRIMARY KEY (attempt_id, order_number)
        );
        CREATE INDEX attempt_orders_by_order ON attempt_orders (order_number);
      `);
    },
  },
  {
    version: 3,
    name: 'print documents',
    up(db) {
      // One row per print of one label (the print queue's PrintDocumentRecord). contents_json is
      // dropped once printed (the waybill keeps its print data for reprints, under retention).
      // sent_at is when the latest task carrying it left: a status asked before it is stale.
      db.exec(`
        CREATE TABLE print_documents (
          id TEXT PRIMARY KEY,
          job_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          document_id TEXT NOT NULL,
          printer TEXT NOT NULL,
          contents_json TEXT,
          documents_per_task INTEGER NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'accepted', 'printed', 'failed', 'unknown')),
          task_id TEXT,
          attempts INTEGER NOT NULL,
          received INTEGER NOT NULL,
          rendered INTEGER NOT NULL,
          failure_json TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          sent_at INTEGER,
          status_asked_at INTEGER
        );
        CREATE INDEX print_documents_open ON print_documents (seq) WHERE state <> 'printed';
        CREATE INDEX print_documents_by_document ON print_documents (document_id, state);
        CREATE INDEX print_documents_by_job ON print_documents (job_id, state);
      `);
    },
  },
  {
    version: 4,
    name: 'order cache',
    up(db) {
      // Per shop: a data folder that moves from the demo account to a real one never mixes their orders.
      db.exec(`
        CREATE TABLE cached_orders (
          shop_id TEXT NOT NULL,
          order_number TEXT NOT NULL,
          order_json TEXT NOT NULL,
          confirmed_at INTEGER,
          first_seen_at INTEGER NOT NULL,
          fetched_at INTEGER NOT NULL,
          PRIMARY KEY (shop_id, order_number)
        );
        CREATE INDEX cached_orders_by_confirmed ON cached_orders (shop_id, confirmed_at);
        CREATE TABLE order_cache_state (
          shop_id TEXT PRIMARY KEY,
          watermark INTEGER,
          last_full_at INTEGER,
          last_refresh_at INTEGER,
          last_mode TEXT,
          last_total INTEGER,
          last_pages INTEGER,
          last_points INTEGER
        );
      `);
    },
  },
  {
    version: 5,
    name: 'print hold for the label preview',
    up(db) {
      // Set when the job was started with a preview of its first label: nothing of the job goes to
      // the print queue until the user has seen it (cleared only by that decision).
      db.exec(`ALTER TABLE issue_jobs ADD COLUMN print_held INTEGER NOT NULL DEFAULT 0 CHECK (print_held IN (0, 1));`);
    },
  },
  {
    version: 6,
    name: 'print documents keep their output and automatic sends',
    up(db) {
      // output: where the latest task went (print component or OS printer); after a restart with
      // the other output chosen, the label waits for its own and is never asked about or sent
      // elsewhere. Rows from before are NULL: asked of whichever output is chosen, as they were.
      // automatic_sends: sends the queue made by itself since the user last asked (capped).
      db.exec(`
        ALTER TABLE print_documents ADD COLUMN output TEXT CHECK (output IN ('print-component', 'os-printer'));
        ALTER TABLE print_documents ADD COLUMN automatic_sends INTEGER NOT NULL DEFAULT 0 CHECK (automatic_sends >= 0);
      `);
    },
  },
  {
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
  },
];
