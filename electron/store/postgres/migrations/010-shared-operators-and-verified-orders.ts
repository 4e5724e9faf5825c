import { sql, type Kysely } from 'kysely';

/**
 * Migration 010: the account's operators and the orders verified at any desk.
 * - `shared_operators`: a warehouse's packers and supervisors, created once and signing in at any
 *   desk. The PIN only as its slow hash, the badge as its SHA-256; wrong PINs in a row and the lock
 *   live here, so a lock holds at every desk. Names are unique whatever their letter case.
 * - `shared_operator_copies`: the desks whose own operators were copied in when they joined (once
 *   each: an operator removed from the account never comes back from a desk's old list).
 * - `shared_verified_orders`: an order whose goods were verified complete, when and at which desk,
 *   so that scanning it again at any desk, after any restart, raises "already verified".
 * No CHECK constraints on these rows: a violation's message quotes the failing row (a PIN hash with it).
 */
export const migration010SharedOperatorsAndVerifiedOrders = {
  name: '010-shared-operators-and-verified-orders',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await statement.execute(db);
  },
} as const;

const statements = [
  sql`
    CREATE TABLE shared_operators (
      id text PRIMARY KEY,
      name text NOT NULL,
      role text NOT NULL,
      pin_hash text NOT NULL,
      badge_hash text UNIQUE,
      failed_pins integer NOT NULL DEFAULT 0,
      locked_until_ms double precision,
      created_at_ms double precision NOT NULL,
      desk_id text NOT NULL
    )
  `,
  sql`CREATE UNIQUE INDEX shared_operators_by_name ON shared_operators (lower(name))`,
  sql`
    CREATE TABLE shared_operator_copies (
      desk_id text PRIMARY KEY,
      copied integer NOT NULL,
      kept_apart text[] NOT NULL DEFAULT '{}',
      copied_at timestamptz NOT NULL DEFAULT now()
    )
  `,
  sql`
    CREATE TABLE shared_verified_orders (
      shop_id text NOT NULL,
      order_number text NOT NULL,
      verified_at_ms double precision NOT NULL,
      desk_id text NOT NULL,
      desk_name text NOT NULL,
      PRIMARY KEY (shop_id, order_number)
    )
  `,
];
