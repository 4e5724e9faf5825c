import type { SoldOrder } from '../../shared/domain/sold-order';
import type { PaperworkReader } from '../store/station-backend';

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
  packagesOfOrders(orderNumbers: readonly string[]): Promise<{ packages: PaperworkPackage[]; unknown: string[] }>;
  /** The packages of these waybills, in the order given; unknown waybills apart. */
  packagesOfWaybills(waybillCodes: readonly string[]): Promise<{ packages: PaperworkPackage[]; unknown: string[] }>;
  /** A job's orders that go into its packages (not the invalid or already issued), in the job's order (its print order); empty for an unknown job. */
  jobOrderNumbers(jobId: string): Promise<string[]>;
}

/** Paperwork sources over the journal's paperwork questions and the order cache of the shop the orders are of. */
export function createPaperworkSources(parts: {
  journal: PaperworkReader;
  shopId: () => string;
  soldOrders: (orderNumbers: readonly string[]) => Promise<SoldOrder[]>;
}): PaperworkSources {
  const { journal } = parts;

  async function packageOfWaybill(waybillCode: string): Promise<PaperworkPackage | null> {
    const { carrierCode, orders } = await journal.packageOfWaybill(waybillCode);
    const [first, ...rest] = orders;
    return first ? { waybillCode, carrierCode, orders: [first, ...rest] } : null;
  }

  return {
    async packagesOfOrders(orderNumbers) {
      const cached = new Map((await parts.soldOrders(orderNumbers)).map((order) => [order.orderNumber, order]));
      const packages: PaperworkPackage[] = [];
      const unknown: string[] = [];
      const listed = new Set<string>();
      for (const orderNumber of orderNumbers) {
        if (listed.has(orderNumber)) continue;
        const waybillCode = await journal.waybillOfOrder(parts.shopId(), orderNumber);
        const pkg = waybillCode === undefined ? null : await packageOfWaybill(waybillCode);
        const order = cached.get(orderNumber);
        if (pkg) packages.push(pkg);
        else if (order) packages.push({ waybillCode: null, carrierCode: '', orders: [order] });
        else unknown.push(orderNumber);
        for (const member of pkg?.orders ?? []) listed.add(member.orderNumber);
        listed.add(orderNumber);
      }
      return { packages, unknown };
    },
    async packagesOfWaybills(waybillCodes) {
      const packages: PaperworkPackage[] = [];
      const unknown: string[] = [];
      for (const waybillCode of new Set(waybillCodes)) {
        const pkg = await packageOfWaybill(waybillCode);
        if (pkg) packages.push(pkg);
        else unknown.push(waybillCode);
      }
      return { packages, unknown };
    },
    jobOrderNumbers: (jobId) => journal.packedOrderNumbers(jobId),
  };
}
