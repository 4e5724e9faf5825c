import type { SoldOrder } from '../../shared/domain/sold-order';
import type { StationDatabase } from '../store/local/open-station-database';

/**
 * Where paperwork finds its orders, read only: the journal's copy of each order as it was issued
 * (the order cache may have dropped or changed it since), grouped by waybill into packages, and
 * the order cache for orders without a waybill. Never the gateway: printing paperwork costs nothing.
 */

/** The orders of one parcel: one waybill (or none yet), its carrier, its orders in the job's order. */
export interface PaperworkPackage {
  waybillCode: string | null;
  carrierCode: string;
  orders: [SoldOrder, ...SoldOrder[]];
}

/** Reads the packages and orders that slips and picking lists are made of. */
export interface PaperworkSources {
  /** The packages of these orders, in the order given (an order of a package already listed adds nothing); unknown orders apart. */
  packagesOfOrders(orderNumbers: readonly string[]): { packages: PaperworkPackage[]; unknown: string[] };
  /** The packages of these waybills, in the order given; unknown waybills apart. */
  packagesOfWaybills(waybillCodes: readonly string[]): { packages: PaperworkPackage[]; unknown: string[] };
  /** A job's orders that go into its packages (not the invalid or already issued), in the job's order (its print order); empty for an unknown job. */
  jobOrderNumbers(jobId: string): string[];
}

/** Paperwork sources over the station's database and the order cache. */
export function createPaperworkSources(parts: { db: StationDatabase; soldOrders: (orderNumbers: readonly string[]) => SoldOrder[] }): PaperworkSources {
  const { db } = parts;
  const statements = {
    waybillOfOrder: db.prepare(`SELECT waybill_code FROM journal_orders WHERE order_number = ? AND waybill_code IS NOT NULL`),
    packageOfWaybill: db.prepare(`SELECT w.carrier_code, m.order_json
      FROM waybills w JOIN journal_orders j ON j.waybill_code = w.waybill_code JOIN job_orders m ON m.order_number = j.order_number AND m.job_id = j.job_id
      WHERE w.waybill_code = ? ORDER BY m.position`),
    jobOrders: db.prepare(`SELECT order_number FROM job_orders WHERE job_id = ? AND package_key IS NOT NULL ORDER BY position`),
  };

  function packageOfWaybill(waybillCode: string): PaperworkPackage | null {
    const rows = statements.packageOfWaybill.all(waybillCode) as { carrier_code: string | null; order_json: string }[];
    const orders = rows.map((row) => JSON.parse(row.order_json) as SoldOrder);
    const [first, ...rest] = orders;
    return first ? { waybillCode, carrierCode: rows[0]?.carrier_code ?? '', orders: [first, ...rest] } : null;
  }

  return {
    packagesOfOrders(orderNumbers) {
      const cached = new Map(parts.soldOrders(orderNumbers).map((order) => [order.orderNumber, order]));
      const packages: PaperworkPackage[] = [];
      const unknown: string[] = [];
      const listed = new Set<string>();
      for (const orderNumber of orderNumbers) {
        if (listed.has(orderNumber)) continue;
        const waybill = statements.waybillOfOrder.get(orderNumber) as { waybill_code: string } | undefined;
        const pkg = waybill ? packageOfWaybill(waybill.waybill_code) : null;
        const order = cached.get(orderNumber);
        if (pkg) packages.push(pkg);
        else if (order) packages.push({ waybillCode: null, carrierCode: '', orders: [order] });
        else unknown.push(orderNumber);
        for (const member of pkg?.orders ?? []) listed.add(member.orderNumber);
        listed.add(orderNumber);
      }
      return { packages, unknown };
    },
    packagesOfWaybills(waybillCodes) {
      const packages: PaperworkPackage[] = [];
      const unknown: string[] = [];
      for (const waybillCode of new Set(waybillCodes)) {
        const pkg = packageOfWaybill(waybillCode);
        if (pkg) packages.push(pkg);
        else unknown.push(waybillCode);
      }
      return { packages, unknown };
    },
    jobOrderNumbers: (jobId) => (statements.jobOrders.all(jobId) as { order_number: string }[]).map((row) => row.order_number),
  };
}
