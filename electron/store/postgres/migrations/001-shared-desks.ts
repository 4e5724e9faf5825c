import { sql, type Kysely } from 'kysely';

/**
 * Migration 001: what several desks of one account share. Every table lives in the account's
 * schema (search_path is set to it by the migrator). Times the server judges by (leases, call
 * starts, refresh turns and watermarks, desks seen) are the server's (`clock_timestamp()`, `now()`);
 * a waybill's `issued_at` is the desk's journal time, sent with it (maybe later, after an outage).
 * Gateway base URL + shop id name the account's gateway and shop as the desks' own journals do.
 */
export const migration001SharedDesks = {
  name: '001-shared-desks',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await statement.execute(db);
  },
} as const;

const statements = [
  /**
   * desks: each desk that joined, under the id it keeps in its data folder. last_seen_at is its
   * heartbeat (online = seen lately); current_job_id the job it is running, if any. Labels today
   * are not counted here: they are the desk's rows of shared_waybills issued this China day.
   */
  sql`
    CREATE TABLE desks (
      desk_id text PRIMARY KEY,
      name text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      current_job_id text
    )
  `,

  /**
   * call_grants: the account-wide sliding window of gateway calls. One row per call granted to
   * any desk, stamped by the server's clock; rows older than a few windows are pruned by the
   * takers themselves.
   */
  sql`
    CREATE TABLE call_grants (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      granted_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      desk_id text NOT NULL
    )
  `,
  sql`CREATE INDEX call_grants_by_time ON call_grants (granted_at)`,
  /**
   * take_call_slot: the window's rule in one round trip. Under a transaction-scoped advisory lock
   * (one taker at a time, across every desk), it reads the limit-th latest grant; if that lies a
   * full window back (or there is none), it records a grant stamped with the server's clock and
   * answers 0, else it answers how many milliseconds to wait. Grants older than a minute go.
   */
  sql`
    CREATE FUNCTION take_call_slot(p_desk_id text, p_limit integer, p_window_ms double precision)
    RETURNS double precision
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
    AS $$
    DECLARE
      v_oldest timestamptz;
      v_now timestamptz;
      v_wait_ms double precision;
    BEGIN
      PERFORM pg_advisory_xact_lock(20517, 'call_grants'::regclass::oid::integer);
      SELECT granted_at INTO v_oldest FROM call_grants ORDER BY granted_at DESC OFFSET p_limit - 1 LIMIT 1;
      v_now := clock_timestamp();
      IF v_oldest IS NOT NULL THEN
        v_wait_ms := extract(epoch FROM v_oldest + p_window_ms * interval '1 millisecond' - v_now) * 1000;
        IF v_wait_ms > 0 THEN
          RETURN v_wait_ms;
        END IF;
      END IF;
      INSERT INTO call_grants (granted_at, desk_id) VALUES (v_now, p_desk_id);
      DELETE FROM call_grants WHERE granted_at < v_now - interval '1 minute';
      RETURN 0;
    END
    $$
  `,

  /**
   * order_claims: an order planned at one desk belongs to it — one row per order of a gateway's
   * shop, so no other desk can plan it. A claim in state 'claimed' holds only until lease_until
   * (renewed while its job runs); once it lapsed, another desk may take the order only after
   * looking it up at the gateway. 'issued' claims keep their waybill for every desk to show.
   */
  sql`
    CREATE TABLE order_claims (
      gateway_base_url text NOT NULL,
      shop_id text NOT NULL,
      order_number text NOT NULL,
      desk_id text NOT NULL REFERENCES desks (desk_id),
      job_id text NOT NULL,
      state text NOT NULL CHECK (state IN ('claimed', 'issued', 'released')),
      lease_until timestamptz NOT NULL,
      waybill_code text,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (gateway_base_url, shop_id, order_number),
      CHECK ((waybill_code IS NOT NULL) = (state = 'issued'))
    )
  `,
  sql`CREATE INDEX order_claims_by_job ON order_claims (desk_id, job_id)`,
  sql`CREATE INDEX order_claims_by_lease ON order_claims (lease_until) WHERE state = 'claimed'`,

  /**
   * shared_waybills: the history of every desk — each waybill once, with the orders it ships,
   * the carrier and branch, which desk issued it in which job and when. print_data is kept for
   * reprints at any desk until the retention purges it (print_data_purged_at); voided_at is the
   * local void mark, shared.
   */
  sql`
    CREATE TABLE shared_waybills (
      gateway_base_url text NOT NULL,
      shop_id text NOT NULL,
      waybill_code text NOT NULL,
      parent_waybill_code text,
      order_numbers text[] NOT NULL CHECK (cardinality(order_numbers) > 0),
      carrier_code text NOT NULL,
      branch_code text,
      desk_id text NOT NULL REFERENCES desks (desk_id),
      job_id text NOT NULL,
      issued_at timestamptz NOT NULL,
      print_data text,
      print_data_purged_at timestamptz,
      voided_at timestamptz,
      void_note text NOT NULL DEFAULT '',
      PRIMARY KEY (gateway_base_url, shop_id, waybill_code)
    )
  `,
  sql`CREATE INDEX shared_waybills_by_time ON shared_waybills (gateway_base_url, shop_id, issued_at)`,
  sql`CREATE INDEX shared_waybills_by_desk ON shared_waybills (desk_id, issued_at)`,
  sql`CREATE INDEX shared_waybills_by_order ON shared_waybills USING gin (order_numbers)`,

  /**
   * shared_sold_orders: the shared order cache — each sold order as the gateway last sent it,
   * fetched by whichever desk refreshed, read by all.
   */
  sql`
    CREATE TABLE shared_sold_orders (
      gateway_base_url text NOT NULL,
      shop_id text NOT NULL,
      order_number text NOT NULL,
      order_json jsonb NOT NULL,
      fetched_at timestamptz NOT NULL DEFAULT now(),
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (gateway_base_url, shop_id, order_number)
    )
  `,
  sql`CREATE INDEX shared_sold_orders_by_fetch ON shared_sold_orders (gateway_base_url, shop_id, fetched_at)`,

  /**
   * shared_order_refreshes: one row per gateway shop — the watermark a "changed since" refresh
   * continues from, when the last full fetch was, and which desk is refreshing now (until
   * lease_until), so that one desk pays for the pages and the others wait for its result.
   */
  sql`
    CREATE TABLE shared_order_refreshes (
      gateway_base_url text NOT NULL,
      shop_id text NOT NULL,
      watermark timestamptz,
      last_full_at timestamptz,
      last_refresh_at timestamptz,
      refreshing_desk_id text REFERENCES desks (desk_id),
      refresh_lease_until timestamptz,
      PRIMARY KEY (gateway_base_url, shop_id)
    )
  `,
];
