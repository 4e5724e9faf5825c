import { sql, type Kysely } from 'kysely';

/**
 * Migration 006: a start a desk did not use is given back to the account's window.
 *
 * A desk that reaches its start too late (busy, stopped, suspended) sends nothing on it; until
 * now that start stayed taken, and the window lost the slot. `release_call_start` takes it out
 * again, so the next call may have it. To know the window after a start is taken out, the row
 * keeps every start later than a window plus margin ago (an older one can no longer bound a new
 * start), not only the latest `calls_per_window`.
 */
export const migration006CallStartsGivenBack = {
  name: '006-call-starts-given-back',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await statement.execute(db);
  },
} as const;

const statements = [
  /**
   * reserve_call_start, as in migration 003, except which starts the row keeps: every one later
   * than a window plus margin ago.
   */
  sql`
    CREATE OR REPLACE FUNCTION reserve_call_start(
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
      v_span interval;
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
      v_span := (v_rule.window_ms + v_rule.margin_ms) * interval '1 millisecond';
      v_count := cardinality(v_rule.recent_starts);
      v_start := clock_timestamp() + greatest(p_travel_ms, 0) * interval '1 millisecond';
      IF v_count > 0 THEN
        v_start := greatest(v_start, v_rule.recent_starts[v_count]);
      END IF;
      IF v_count >= v_rule.calls_per_window THEN
        v_start := greatest(v_start, v_rule.recent_starts[v_count - v_rule.calls_per_window + 1] + v_span);
      END IF;
      -- A start given back lets a later call start sooner than the latest start: the earliest any
      -- start can be is now, so every start after now minus the span may still bound one.
      UPDATE call_limit SET recent_starts = ARRAY(
        SELECT s FROM unnest(recent_starts || v_start) WITH ORDINALITY AS kept (s, n) WHERE s > clock_timestamp() - v_span ORDER BY n
      );
      IF cardinality(p_orders) > 0 THEN
        UPDATE order_claims SET lease_until = greatest(lease_until, v_start + p_life_ms * interval '1 millisecond'), updated_at = now()
          WHERE gateway_base_url = p_gateway_base_url AND shop_id = p_shop_id AND order_number = ANY (p_orders);
      END IF;
      RETURN QUERY SELECT extract(epoch FROM v_start)::double precision * 1000, extract(epoch FROM clock_timestamp())::double precision * 1000, '{}'::text[];
    END
    $$
  `,
  /**
   * release_call_start: the desk's process (it must hold its desk id, else WB001) sent nothing on
   * the start it was given (p_start_ms, as reserve_call_start answered it): one start equal to it
   * within a microsecond is taken out of the row. Answers whether one was (false once the start
   * has left the row: it no longer bounds any new start anyway).
   */
  sql`
    CREATE FUNCTION release_call_start(p_desk_id text, p_boot_id text, p_start_ms double precision)
    RETURNS boolean
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
    AS $$
    DECLARE
      v_starts timestamptz[];
      v_at integer;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM desks WHERE desk_id = p_desk_id AND boot_id = p_boot_id) THEN
        RAISE EXCEPTION 'the desk id % is held by another process', p_desk_id USING ERRCODE = 'WB001';
      END IF;
      SELECT recent_starts INTO v_starts FROM call_limit FOR UPDATE;
      SELECT n INTO v_at FROM unnest(v_starts) WITH ORDINALITY AS kept (s, n)
        WHERE abs(extract(epoch FROM s)::double precision * 1000 - p_start_ms) < 0.001 ORDER BY n LIMIT 1;
      IF v_at IS NULL THEN
        RETURN false;
      END IF;
      UPDATE call_limit SET recent_starts = v_starts[:v_at - 1] || v_starts[v_at + 1:];
      RETURN true;
    END
    $$
  `,
];
