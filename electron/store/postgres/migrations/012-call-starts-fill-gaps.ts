import { sql, type Kysely } from 'kysely';

/**
 * Migration 012: a start goes to the earliest moment the account's window has room for it, not
 * after the latest start reserved.
 *
 * Until now a start was never earlier than the latest one reserved. A desk told to wait for its
 * answers longer (a busy desk whose answers came back late, a far one) took a start far ahead,
 * and every desk asking after it was put behind that start; a start given back left a hole only
 * the next ask could fill, and only if nothing later was reserved yet. Three desks lost a slot in
 * a job's first second that way, and with it a whole window at the job's end (93.9 orders/s where
 * the window allows 96.9). Now a start is the earliest moment, from the asking desk's own
 * earliest (its clock plus its way back), at which no window of the limit's length plus margin
 * would hold more than the limit's starts with it: the starts kept are sorted, and a hole before
 * a later start is used.
 */
export const migration012CallStartsFillGaps = {
  name: '012-call-starts-fill-gaps',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await statement.execute(db);
  },
} as const;

const statements = [
  /**
   * reserve_call_start, as in migration 006 (the desk's process, the fence, the leases stretched),
   * except where the start goes. The earliest fitting moment is the desk's earliest or the end of
   * some kept start's span (where a start stops sharing a window with it); a moment fits when no
   * window of the span that holds it — one beginning at it, or at a kept start less than the span
   * before it — already holds the limit's starts.
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
      v_now timestamptz;
      v_earliest timestamptz;
      v_start timestamptz;
      v_span interval;
      v_kept timestamptz[];
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
      v_now := clock_timestamp();
      v_earliest := v_now + greatest(p_travel_ms, 0) * interval '1 millisecond';
      -- Every start later than a window plus margin ago may still share a window with a new one.
      v_kept := ARRAY(SELECT s FROM unnest(v_rule.recent_starts) AS s WHERE s > v_now - v_span ORDER BY s);
      SELECT candidate INTO v_start
        FROM (SELECT v_earliest AS candidate UNION SELECT s + v_span FROM unnest(v_kept) AS s WHERE s + v_span > v_earliest) AS candidates
        WHERE NOT EXISTS (
          SELECT 1 FROM (SELECT candidate AS opens UNION SELECT s FROM unnest(v_kept) AS s WHERE s > candidate - v_span AND s <= candidate) AS windows
          WHERE (SELECT count(*) FROM unnest(v_kept) AS o WHERE o >= windows.opens AND o < windows.opens + v_span) >= v_rule.calls_per_window
        )
        ORDER BY candidate LIMIT 1;
      UPDATE call_limit SET recent_starts = ARRAY(SELECT s FROM unnest(v_kept || v_start) AS s ORDER BY s);
      IF cardinality(p_orders) > 0 THEN
        UPDATE order_claims SET lease_until = greatest(lease_until, v_start + p_life_ms * interval '1 millisecond'), updated_at = now()
          WHERE gateway_base_url = p_gateway_base_url AND shop_id = p_shop_id AND order_number = ANY (p_orders);
      END IF;
      RETURN QUERY SELECT extract(epoch FROM v_start)::double precision * 1000, extract(epoch FROM clock_timestamp())::double precision * 1000, '{}'::text[];
    END
    $$
  `,
];
