import { sql, type Kysely } from 'kysely';

/**
 * Migration 003: the paid call fenced by the claims, and the account's limit held by the server.
 *
 * - A desk id is held by one process at a time (`desks.boot_id`): a second live process with the
 *   same id (a cloned data folder) cannot join while the first still beats; a claim records the
 *   process that made it (`order_claims.boot_id`), so a restarted desk never takes its earlier
 *   process's claims as its own without a look-up.
 * - The account's limit (calls per window, window and margin) lives in the schema, one row, with
 *   the latest start times reserved: a call is given a start time (the server's clock) that keeps
 *   every sliding window within the limit, instead of polling for a free slot.
 * - `reserve_call_start` grants a start only together with the fence, in one statement: every
 *   order of an issue call must be claimed by this desk's process and job; their leases are then
 *   stretched over the call's longest life, so a claim can lapse only once no call of it can
 *   still reach the gateway.
 */
export const migration003FencedCallStarts = {
  name: '003-fenced-call-starts',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await statement.execute(db);
  },
} as const;

const statements = [
  sql`ALTER TABLE desks ADD COLUMN boot_id text`,
  sql`ALTER TABLE order_claims ADD COLUMN boot_id text`,
  sql`DROP FUNCTION take_call_slot(text, integer, double precision)`,
  sql`DROP TABLE call_grants`,
  /**
   * call_limit: the one row of the account's rule. recent_starts holds the latest start times
   * reserved (at most calls_per_window of them, oldest first; they only grow).
   */
  sql`
    CREATE TABLE call_limit (
      one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
      calls_per_window integer NOT NULL DEFAULT 10 CHECK (calls_per_window > 0),
      window_ms double precision NOT NULL DEFAULT 1000 CHECK (window_ms > 0),
      margin_ms double precision NOT NULL DEFAULT 50 CHECK (margin_ms >= 0),
      recent_starts timestamptz[] NOT NULL DEFAULT '{}'
    )
  `,
  sql`INSERT INTO call_limit DEFAULT VALUES`,
  /**
   * join_desk: this process takes the desk id when no other process holds it, or when the one
   * holding it has not been seen for p_stale_ms (it died). Answers whether it holds it now.
   */
  sql`
    CREATE FUNCTION join_desk(p_desk_id text, p_boot_id text, p_name text, p_stale_ms double precision)
    RETURNS boolean
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
    AS $$
    BEGIN
      INSERT INTO desks (desk_id, name, boot_id) VALUES (p_desk_id, p_name, p_boot_id)
      ON CONFLICT (desk_id) DO UPDATE SET boot_id = excluded.boot_id, name = excluded.name, last_seen_at = now()
      WHERE desks.boot_id IS NULL OR desks.boot_id = excluded.boot_id OR desks.last_seen_at < now() - p_stale_ms * interval '1 millisecond';
      RETURN EXISTS (SELECT 1 FROM desks WHERE desk_id = p_desk_id AND boot_id = p_boot_id);
    END
    $$
  `,
  /**
   * reserve_call_start: one call's start time. The desk's process must hold its desk id (else
   * SQLSTATE WB001). For an issue call (p_orders not empty) every order must be claimed by this
   * process's job (state claimed, same desk, process and job): if any is not, nothing is
   * reserved and the orders refused are answered. Otherwise the start is the earliest time that
   * is (a) no sooner than the desk can send (now + p_travel_ms, its way back from the server),
   * (b) no sooner than the latest start (starts only grow), and (c) a full window plus margin
   * after the calls_per_window-th latest start; the orders' leases are stretched to the start
   * plus p_life_ms (the call's longest life). Answers the start and the server's clock as it
   * answers (epoch milliseconds: the desk reckons the start on its own clock from them).
   */
  sql`
    CREATE FUNCTION reserve_call_start(
      p_desk_id text, p_boot_id text, p_travel_ms double precision, p_life_ms double precision,
      p_gateway_base_url text, p_shop_id text, p_job_id text, p_orders text[]
    )
    RETURNS TABLE (start_ms double precision, server_ms double precision, refused text[])
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
    AS $$
    DECLARE
      v_rule call_limit%ROWTYPE;
      v_refused text[];
      v_start timestamptz;
      v_count integer;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM desks WHERE desk_id = p_desk_id AND boot_id = p_boot_id) THEN
        RAISE EXCEPTION 'the desk id % is held by another process', p_desk_id USING ERRCODE = 'WB001';
      END IF;
      IF cardinality(p_orders) > 0 THEN
        PERFORM 1 FROM order_claims
          WHERE gateway_base_url = p_gateway_base_url AND shop_id = p_shop_id AND order_number = ANY (p_orders)
          ORDER BY order_number FOR UPDATE;
        SELECT coalesce(array_agg(o ORDER BY o), '{}') INTO v_refused FROM unnest(p_orders) AS o
          WHERE NOT EXISTS (
            SELECT 1 FROM order_claims c
            WHERE c.gateway_base_url = p_gateway_base_url AND c.shop_id = p_shop_id AND c.order_number = o
              AND c.state = 'claimed' AND c.desk_id = p_desk_id AND c.boot_id = p_boot_id AND c.job_id = p_job_id
          );
        IF cardinality(v_refused) > 0 THEN
          RETURN QUERY SELECT NULL::double precision, extract(epoch FROM clock_timestamp())::double precision * 1000, v_refused;
          RETURN;
        END IF;
      END IF;
      SELECT * INTO v_rule FROM call_limit FOR UPDATE;
      v_count := cardinality(v_rule.recent_starts);
      v_start := clock_timestamp() + greatest(p_travel_ms, 0) * interval '1 millisecond';
      IF v_count > 0 THEN
        v_start := greatest(v_start, v_rule.recent_starts[v_count]);
      END IF;
      IF v_count >= v_rule.calls_per_window THEN
        v_start := greatest(v_start, v_rule.recent_starts[v_count - v_rule.calls_per_window + 1]
          + (v_rule.window_ms + v_rule.margin_ms) * interval '1 millisecond');
      END IF;
      UPDATE call_limit SET recent_starts = (recent_starts || v_start)[greatest(1, v_count + 2 - calls_per_window):];
      IF cardinality(p_orders) > 0 THEN
        UPDATE order_claims SET lease_until = greatest(lease_until, v_start + p_life_ms * interval '1 millisecond'), updated_at = now()
          WHERE gateway_base_url = p_gateway_base_url AND shop_id = p_shop_id AND order_number = ANY (p_orders);
      END IF;
      RETURN QUERY SELECT extract(epoch FROM v_start)::double precision * 1000, extract(epoch FROM clock_timestamp())::double precision * 1000, '{}'::text[];
    END
    $$
  `,
];
