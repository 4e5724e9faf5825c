import type { GatewayIdentity } from '../../../shared/domain/gateway-identity';
import { epochMs, sharedStatements, type SharedDeskAccess } from './shared-access';
import { notifySharedChange } from './shared-notifications';

/** Another desk, as the orders table names it. */
export interface ClaimHolder {
  deskId: string;
  deskName: string;
  jobId: string;
}

/** What claiming one order came to. */
export type ClaimOutcome =
  /** This desk's job holds it now (a claim of this desk's other job moves to this one: the desk's own journal knows those orders). */
  | { orderNumber: string; kind: 'claimed' }
  /** Another desk's job holds it, its lease running until then (epoch ms, the server's clock). */
  | { orderNumber: string; kind: 'held-elsewhere'; holder: ClaimHolder; leaseUntil: number }
  /** A desk issued it: its waybill (this desk's own issued orders are answered so too, under its name). */
  | { orderNumber: string; kind: 'issued'; holder: ClaimHolder; waybillCode: string }
  /**
   * Another desk's claim lapsed without a waybill (that desk stopped renewing): whether it was
   * issued is unknown. Look the order up at the gateway, then `takeLapsed` with this answer.
   */
  | { orderNumber: string; kind: 'lapsed'; holder: ClaimHolder; leaseUntil: number };

/** What the gateway's query endpoint said of a lapsed order, for `takeLapsed`. */
export interface LapsedLookup {
  /** The lapsed claim as `claim` answered it: taken only if it is still exactly that one (not renewed or taken since). */
  lapsed: Extract<ClaimOutcome, { kind: 'lapsed' }>;
  /** The waybill the gateway found for the order; null when it answered that the order was not issued. */
  waybillCode: string | null;
}

/** Who holds or issued an order, for the orders table. */
export interface ClaimView {
  holder: ClaimHolder;
  /** `lapsed`: held by a desk that stopped renewing (or by this desk's earlier process); `issued`: with its waybill. */
  state: 'claimed' | 'lapsed' | 'issued';
  /** Claimed or issued by this desk's running process. */
  ours: boolean;
  leaseUntil: number;
  waybillCode: string | null;
}

/** An order this desk issued, with its waybill. */
export interface IssuedOrder {
  orderNumber: string;
  waybillCode: string;
}

/** The account's claims of orders, as one desk makes and reads them. */
export interface SharedClaims {
  /**
   * Claims orders of a gateway's shop for this desk's job, in one transaction: free orders (and
   * released ones, and this desk's own claims) are taken with a lease of `leaseMs` on the
   * server's clock; every other order is answered as held, issued or lapsed. Answers one outcome
   * per order asked, in the order asked.
   */
  claim(gateway: GatewayIdentity, jobId: string, orderNumbers: readonly string[], leaseMs: number): Promise<ClaimOutcome[]>;
  /**
   * Takes a lapsed order after it was looked up: only if the claim is still the lapsed one
   * answered. Not issued → this desk's job claims it; issued → it is recorded as issued by the
   * lapsed desk, with the waybill the gateway found. Answers the outcome as `claim` would.
   */
  takeLapsed(gateway: GatewayIdentity, jobId: string, lookup: LapsedLookup, leaseMs: number): Promise<ClaimOutcome>;
  /** Extends the leases of the job's open claims to `leaseMs` from now (server clock); answers the orders it still holds. */
  renew(gateway: GatewayIdentity, jobId: string, leaseMs: number): Promise<string[]>;
  /**
   * Records orders this desk issued: each keeps its waybill for every desk to show, whether the
   * desk still held it or not (a waybill issued while the server was away is recorded once it is
   * back). An order another desk issued with another waybill is left as it is and answered.
   */
  markIssued(gateway: GatewayIdentity, jobId: string, issued: readonly IssuedOrder[]): Promise<{ conflicts: Array<IssuedOrder & { holder: ClaimHolder; recordedWaybillCode: string }> }>;
  /** Frees the job's claims of these orders that were not issued; answers the orders freed. */
  release(gateway: GatewayIdentity, jobId: string, orderNumbers: readonly string[]): Promise<string[]>;
  /** Who holds or issued each of these orders (free ones are left out). */
  heldBy(gateway: GatewayIdentity, orderNumbers: readonly string[]): Promise<Map<string, ClaimView>>;
}

interface ClaimRow {
  order_number: string;
  desk_id: string;
  desk_name: string;
  job_id: string;
  state: 'claimed' | 'issued' | 'released';
  lease_until_ms: number;
  lapsed: boolean;
  /** Claimed by this desk's process (its boot id): the only claims a call of this desk may carry. */
  ours: boolean;
  waybill_code: string | null;
}

const holderOf = (row: ClaimRow): ClaimHolder => ({ deskId: row.desk_id, deskName: row.desk_name, jobId: row.job_id });

/**
 * The claims of orders on the account's schema (table order_claims, one row per order of a
 * gateway's shop). Every change is one statement, atomic by the rows it touches (an insert that
 * does nothing on a conflict, updates that re-check their condition under the row's lock), so no
 * lock is ever held across round trips: desks claiming overlapping orders at once each get an
 * order exactly once. A claim is this desk's only when this process made it (`bootId`): a claim
 * of the desk's earlier process (a restart, a restored or cloned folder) is answered as lapsed,
 * so it is looked up at the gateway before it is taken. Leases are judged by the server's clock;
 * a lease covers every call sent under it (the call window stretches it over each call's
 * longest life), so once it ran out no call of it can still reach the gateway. Every change is
 * announced (`claims-changed`).
 */
export function createSharedClaims(access: SharedDeskAccess): SharedClaims {
  const statements = sharedStatements(access);
  const claims = statements.table('order_claims');
  const desks = statements.table('desks');
  const { deskId, bootId } = access;
  const lease = "now() + $5::float8 * interval '1 millisecond'";
  // $4: this desk, $7: this process.
  const selectClaims = `SELECT c.order_number, c.desk_id, d.name AS desk_name, c.job_id, c.state, c.waybill_code,
      round(${epochMs('c.lease_until')})::float8 AS lease_until_ms,
      c.state = 'claimed' AND (c.lease_until <= now() OR (c.desk_id = $4 AND c.boot_id IS DISTINCT FROM $5)) AS lapsed,
      c.desk_id = $4 AND c.boot_id IS NOT DISTINCT FROM $5 AS ours
    FROM ${claims} c JOIN ${desks} d ON d.desk_id = c.desk_id
    WHERE c.gateway_base_url = $1 AND c.shop_id = $2 AND c.order_number = ANY($3::text[])`;
  const rowsOf = async (gateway: GatewayIdentity, orderNumbers: readonly string[]) =>
    new Map((await statements.query<ClaimRow>(selectClaims, [gateway.baseUrl, gateway.shopId, [...orderNumbers], deskId, bootId])).map((row) => [row.order_number, row]));
  const announce = async (gateway: GatewayIdentity, orderNumbers: readonly string[]) => {
    if (orderNumbers.length === 0) return;
    try {
      await notifySharedChange(access.pool, access.schema, { type: 'claims-changed', gateway, orderNumbers: [...orderNumbers] });
    } catch (error) {
      throw statements.failure(error);
    }
  };

  const outcomeOf = (row: ClaimRow | undefined, orderNumber: string): ClaimOutcome => {
    if (row === undefined || row.state === 'released') return { orderNumber, kind: 'claimed' };
    if (row.state === 'issued') return { orderNumber, kind: 'issued', holder: holderOf(row), waybillCode: row.waybill_code ?? '' };
    if (row.ours) return { orderNumber, kind: 'claimed' };
    return { orderNumber, kind: row.lapsed ? 'lapsed' : 'held-elsewhere', holder: holderOf(row), leaseUntil: row.lease_until_ms };
  };

  return {
    async claim(gateway, jobId, orderNumbers, leaseMs) {
      const ordered = [...new Set(orderNumbers)].sort();
      if (ordered.length === 0) return [];
      const params = [gateway.baseUrl, gateway.shopId, ordered, deskId, leaseMs, jobId, bootId];
      const inserted = await statements.query<{ order_number: string }>(
        `INSERT INTO ${claims} (gateway_base_url, shop_id, order_number, desk_id, job_id, state, lease_until, boot_id)
         SELECT $1, $2, o, $4, $6, 'claimed', ${lease}, $7 FROM unnest($3::text[]) o
         ON CONFLICT DO NOTHING RETURNING order_number`,
        params,
      );
      // Released orders, and this process's open claims of its other jobs, become this job's.
      const taken = await statements.query<{ order_number: string }>(
        `UPDATE ${claims} SET desk_id = $4, boot_id = $7, job_id = $6, state = 'claimed', lease_until = ${lease}, claimed_at = now(), updated_at = now()
         WHERE gateway_base_url = $1 AND shop_id = $2 AND order_number = ANY($3::text[])
           AND (state = 'released' OR (state = 'claimed' AND desk_id = $4 AND boot_id = $7 AND job_id <> $6))
         RETURNING order_number`,
        params,
      );
      await announce(gateway, [...inserted, ...taken].map((row) => row.order_number));
      const rows = await rowsOf(gateway, ordered);
      return orderNumbers.map((orderNumber) => outcomeOf(rows.get(orderNumber), orderNumber));
    },

    async takeLapsed(gateway, jobId, { lapsed, waybillCode }, leaseMs) {
      const { orderNumber, holder, leaseUntil } = lapsed;
      // Still exactly the lapsed claim answered: not renewed, stretched by a call or taken since.
      const still = `gateway_base_url = $1 AND shop_id = $2 AND order_number = $3 AND state = 'claimed'
        AND desk_id = $4 AND job_id = $5 AND round(${epochMs('lease_until')})::float8 = $6
        AND (lease_until <= now() OR (desk_id = $7 AND boot_id IS DISTINCT FROM $8))`;
      const key = [gateway.baseUrl, gateway.shopId, orderNumber, holder.deskId, holder.jobId, leaseUntil, deskId, bootId];
      const changed =
        waybillCode === null
          ? await statements.query(
              `UPDATE ${claims} SET desk_id = $7, boot_id = $8, job_id = $9, lease_until = now() + $10::float8 * interval '1 millisecond', claimed_at = now(), updated_at = now() WHERE ${still} RETURNING order_number`,
              [...key, jobId, leaseMs],
            )
          : await statements.query(`UPDATE ${claims} SET state = 'issued', waybill_code = $9, updated_at = now() WHERE ${still} RETURNING order_number`, [...key, waybillCode]);
      if (changed.length === 1) await announce(gateway, [orderNumber]);
      return outcomeOf((await rowsOf(gateway, [orderNumber])).get(orderNumber), orderNumber);
    },

    async renew(gateway, jobId, leaseMs) {
      const rows = await statements.query<{ order_number: string }>(
        `UPDATE ${claims} SET lease_until = greatest(lease_until, now() + $5::float8 * interval '1 millisecond'), updated_at = now()
         WHERE gateway_base_url = $1 AND shop_id = $2 AND desk_id = $3 AND boot_id = $6 AND job_id = $4 AND state = 'claimed' RETURNING order_number`,
        [gateway.baseUrl, gateway.shopId, deskId, jobId, leaseMs, bootId],
      );
      return rows.map((row) => row.order_number).sort();
    },

    async markIssued(gateway, jobId, issued) {
      if (issued.length === 0) return { conflicts: [] };
      const orderNumbers = issued.map((order) => order.orderNumber);
      const recorded = await statements.query<{ order_number: string }>(
        `INSERT INTO ${claims} AS c (gateway_base_url, shop_id, order_number, desk_id, job_id, state, lease_until, waybill_code, boot_id)
         SELECT $1, $2, o.order_number, $5, $6, 'issued', now(), o.waybill_code, $7 FROM unnest($3::text[], $4::text[]) AS o (order_number, waybill_code)
         ON CONFLICT (gateway_base_url, shop_id, order_number) DO UPDATE SET desk_id = excluded.desk_id, boot_id = excluded.boot_id, job_id = excluded.job_id, state = 'issued',
           waybill_code = excluded.waybill_code, updated_at = now()
         WHERE c.state <> 'issued'
         RETURNING order_number`,
        [gateway.baseUrl, gateway.shopId, orderNumbers, issued.map((order) => order.waybillCode), deskId, jobId, bootId],
      );
      await announce(gateway, recorded.map((row) => row.order_number));
      const rows = await rowsOf(gateway, orderNumbers);
      const conflicts = issued.flatMap((order) => {
        const row = rows.get(order.orderNumber);
        return row === undefined || row.waybill_code === order.waybillCode ? [] : [{ ...order, holder: holderOf(row), recordedWaybillCode: row.waybill_code ?? '' }];
      });
      return { conflicts };
    },

    async release(gateway, jobId, orderNumbers) {
      if (orderNumbers.length === 0) return [];
      const rows = await statements.query<{ order_number: string }>(
        `UPDATE ${claims} SET state = 'released', lease_until = now(), updated_at = now()
         WHERE gateway_base_url = $1 AND shop_id = $2 AND order_number = ANY($3::text[]) AND desk_id = $4 AND boot_id = $6 AND job_id = $5 AND state = 'claimed'
         RETURNING order_number`,
        [gateway.baseUrl, gateway.shopId, [...orderNumbers], deskId, jobId, bootId],
      );
      const released = rows.map((row) => row.order_number).sort();
      await announce(gateway, released);
      return released;
    },

    async heldBy(gateway, orderNumbers) {
      const rows = [...(await rowsOf(gateway, orderNumbers)).values()].filter((row) => row.state !== 'released');
      return new Map(
        rows.map((row) => [
          row.order_number,
          { holder: holderOf(row), state: row.state === 'issued' ? 'issued' : row.lapsed ? 'lapsed' : 'claimed', ours: row.ours, leaseUntil: row.lease_until_ms, waybillCode: row.waybill_code },
        ]),
      );
    },
  };
}
