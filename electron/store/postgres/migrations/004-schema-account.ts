import { sql, type Kysely } from 'kysely';

/**
 * Migration 004: the account the schema belongs to. The call window, claims and history of a
 * schema are one account's; a desk of another account or gateway must never join them (see
 * shared-account.ts for what identifies an account and when it is recorded). Empty after the
 * migration: the first desk that connects records its account.
 */
export const migration004SchemaAccount = {
  name: '004-schema-account',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await statement.execute(db);
  },
} as const;

const statements = [
  /** schema_account: one row at most (its key can only be true): the gateway, as the desks' claims and history record it. */
  sql`
    CREATE TABLE schema_account (
      one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
      gateway_base_url text NOT NULL CHECK (gateway_base_url <> ''),
      recorded_at timestamptz NOT NULL DEFAULT now()
    )
  `,
  /** schema_account_shops: the account's shops by their merchant user_id, with the seller nick to name them. */
  sql`
    CREATE TABLE schema_account_shops (
      merchant_user_id bigint PRIMARY KEY,
      seller_nick text NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    )
  `,
] as const;
