import type { IssueEntry, IssueRequest } from '../../shared/domain/issue-entry';
import type { BranchService, CarrierBranch, NetworkInfo } from '../../shared/domain/network';
import type { SoldOrder } from '../../shared/domain/sold-order';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import { issueEntryFromSoldOrders } from '../../shared/issuing/issue-entry-from-sold-orders';
import type { ServiceChoice } from '../../shared/issuing/logistics-services';
import { logisticsServicesText, overrideServiceValues } from '../../shared/issuing/logistics-services';
import { validateServiceChoices, validateServiceValues } from '../../shared/validation/logistics-services-validation';
import { parcelEntries, validateOrderParcels } from '../../shared/issuing/order-parcels';
import type { Result } from '../../shared/result';
import { validateIssueEntry, validateIssueRequest } from '../../shared/validation/issue-entry-validation';
import { buyerAddressKey } from '../order-cache/order-cache';
import type { InvalidOrder, IssueJobSettings, IssuePlan, OrderParcels, PlanBranch, PlannedPackage, ShopPlan } from '../../shared/domain/issuing';
import { shopOrderKey, shopOrderOfKey, type ShopOrderRef } from '../../shared/domain/shop-order';
import type { JobMember } from '../store/station-records';

/** An order of one of the account's shops, as planned. */
export interface ShopSoldOrder {
  shopId: string;
  order: SoldOrder;
}

/** The key of a planned order (its shop and order number). */
const keyOf = (entry: ShopSoldOrder): string => shopOrderKey({ shopId: entry.shopId, orderNumber: entry.order.orderNumber });

/** The services an order goes with: the job's, with the order's own values laid over them. */
export function servicesOfOrder(ref: ShopOrderRef, settings: IssueJobSettings): ServiceChoice[] {
  return overrideServiceValues(settings.services ?? [], settings.serviceValuesByOrder?.[shopOrderKey(ref)]);
}

/**
 * The issue entry of one package under a job's settings: each order's item carries its package
 * weight and volume (the order's own, else the job's), and the package goes with the services of
 * its first order (its key, whose values the plan showed).
 */
export function entryForOrders(shopId: string, orders: readonly [SoldOrder, ...SoldOrder[]], settings: IssueJobSettings): IssueEntry {
  const [first] = orders;
  const firstRef = { shopId, orderNumber: first.orderNumber };
  const ownValues = settings.serviceValuesByOrder?.[shopOrderKey(firstRef)];
  const entry = issueEntryFromSoldOrders(orders, {
    orderChannel: settings.orderChannel,
    templateUrl: settings.templateUrl,
    logisticsServices: ownValues ? logisticsServicesText(servicesOfOrder(firstRef, settings)) : settings.logisticsServices,
    packageId: '',
  });
  const items = entry.items.map((item, index) => {
    const orderNumber = orders[index]?.orderNumber ?? '';
    const measures = settings.packageMeasuresByOrder?.[shopOrderKey({ shopId, orderNumber })] ?? settings.packageMeasures;
    return {
      ...item,
      ...(measures?.weightG == null ? {} : { weightG: measures.weightG }),
      ...(measures?.volumeMl == null ? {} : { volumeMl: measures.volumeMl }),
    };
  });
  return { ...entry, items };
}

/** The parcels of an order shipped in several (一单多包, 拆单); undefined for one parcel. */
export function parcelsOfOrder(ref: ShopOrderRef, settings: IssueJobSettings): OrderParcels | undefined {
  return settings.parcelsByOrder?.[shopOrderKey(ref)];
}

/**
 * The issue entries of one package: its one entry, or one per parcel of an order shipped in
 * several (its parcels never share a package with another order).
 */
export function entriesForPackage(shopId: string, orders: readonly [SoldOrder, ...SoldOrder[]], settings: IssueJobSettings): IssueEntry[] {
  const entry = entryForOrders(shopId, orders, settings);
  const parcels = orders.length === 1 ? parcelsOfOrder({ shopId, orderNumber: orders[0].orderNumber }, settings) : undefined;
  return parcels ? parcelEntries(entry, parcels) : [entry];
}

/**
 * How many issue calls carry packages of these entry counts, in this order: a call takes
 * packages while its entries stay within 10 (an order's parcels are never spread over two calls).
 */
export function callsForPackages(entryCounts: readonly number[]): number {
  let calls = 0;
  let room = 0;
  for (const entries of entryCounts) {
    if (entries > room) {
      calls += 1;
      room = ISSUE_LIMITS.entriesPerIssueCall;
    }
    room -= entries;
  }
  return calls;
}

/** The branch of the job's carrier and branch code in a network answer, if it is there. */
export function branchIn(network: Result<NetworkInfo>, settings: IssueJobSettings): CarrierBranch | undefined {
  if (!network.ok) return undefined;
  const carrier = network.data.carriers.find((candidate) => candidate.carrierCode === settings.carrierCode);
  return carrier?.branches.find((candidate) => candidate.branchCode === settings.branchCode);
}

/** Whether an order's status is held back and the user has not confirmed it. */
export function isHeldBack({ shopId, order }: ShopSoldOrder, settings: IssueJobSettings): boolean {
  return (
    order.orderStatus !== null &&
    (settings.heldBackStatuses ?? []).includes(order.orderStatus) &&
    !(settings.confirmedHeldBack ?? []).includes(shopOrderKey({ shopId, orderNumber: order.orderNumber }))
  );
}

/** Packages (each of one shop) and invalid orders, before anything is stored or called. */
export interface PackagePlan {
  /** `parcels`: the package's entries (1, or the parcels of an order shipped in several). */
  packages: { key: string; shopId: string; orders: [SoldOrder, ...SoldOrder[]]; parcels: number }[];
  invalid: InvalidOrder[];
}

/** Splits a list into runs of at most `size`. */
function chunks<T>(list: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < list.length; start += size) result.push(list.slice(start, start + size));
  return result;
}

/**
 * Groups orders (in the user's order) into packages: each valid order alone, or with merging on,
 * the orders of one buyer and address in one shop together (at most 100 order numbers and 100
 * items per package; never across shops: a waybill is issued by one shop), except groups whose
 * key is in `keepApart`. Every order is validated on its own
 * before grouping, so one bad order never blocks the others (a merged entry holds the first
 * order's recipient and one item per order, so it is valid when its orders are). Packages are
 * ordered by their first order.
 */
export function planPackages(
  orders: readonly ShopSoldOrder[],
  settings: IssueJobSettings,
  options: { merge: boolean; keepApart: readonly string[]; offeredServices?: readonly BranchService[] | null },
): PackagePlan {
  const invalid: InvalidOrder[] = [];
  const valid: ShopSoldOrder[] = [];
  for (const entry of orders) {
    const { shopId, order } = entry;
    const parcels = parcelsOfOrder({ shopId, orderNumber: order.orderNumber }, settings);
    const problems = [
      ...validateIssueEntry(entryForOrders(shopId, [order], settings)),
      ...(parcels ? validateOrderParcels(order.orderNumber, order.goodsCount, parcels, settings.carrierCode) : []),
      ...(options.offeredServices ? validateServiceValues(options.offeredServices, servicesOfOrder({ shopId, orderNumber: order.orderNumber }, settings), order.orderNumber) : []),
    ];
    if (problems.length > 0) invalid.push({ shopId, orderNumber: order.orderNumber, problems });
    else valid.push(entry);
  }
  const groups = new Map<string, ShopSoldOrder[]>();
  for (const entry of valid) {
    // Masked receivers can in rare cases make two buyers look alike: merging is off by default, shown in the plan and undoable.
    // An order in several parcels ships on its own: its parcels are its package.
    const alone = !options.merge || parcelsOfOrder({ shopId: entry.shopId, orderNumber: entry.order.orderNumber }, settings) !== undefined;
    const key = alone ? keyOf(entry) : JSON.stringify([entry.shopId, buyerAddressKey(entry.order)]);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const keepApart = new Set(options.keepApart);
  const packages: PackagePlan['packages'] = [];
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    const merged = group.length > 1 && !keepApart.has(keyOf(first));
    const runs = merged ? chunks(group, Math.min(ISSUE_LIMITS.orderNumbersPerEntry, ISSUE_LIMITS.itemsPerPackage)) : group.map((entry) => [entry]);
    for (const [head, ...rest] of runs) {
      const parcels = rest.length === 0 && head ? (parcelsOfOrder({ shopId: head.shopId, orderNumber: head.order.orderNumber }, settings)?.count ?? 1) : 1;
      if (head) packages.push({ key: keyOf(head), shopId: head.shopId, orders: [head.order, ...rest.map((entry) => entry.order)], parcels });
    }
  }
  const position = new Map(orders.map((entry, index) => [keyOf(entry), index]));
  packages.sort((a, b) => (position.get(a.key) ?? 0) - (position.get(b.key) ?? 0));
  return { packages, invalid };
}

/** The problem of an order that is not among the loaded sold orders of its shop. */
function orderNotLoaded({ orderNumber }: ShopOrderRef): StationError {
  return stationError('issuing.order-not-loaded', { orderId: orderNumber });
}

/** The request-level fields of the job's issue calls, without entries. */
export function issueRequestOf(settings: IssueJobSettings): Omit<IssueRequest, 'entries'> {
  return {
    carrierCode: settings.carrierCode,
    branchCode: settings.branchCode,
    sender: settings.sender,
    needEncrypt: settings.needEncrypt,
    customerCode: settings.customerCode ?? '',
    brandCode: settings.brandCode ?? '',
    doorPickUp: settings.doorPickUp ?? null,
  };
}

/** Problems of the job's carrier, sender, pickup window and services, checked as every issue call would be. */
export function requestProblems(settings: IssueJobSettings, offeredServices: readonly BranchService[] | null = null): StationError[] {
  return [
    ...validateIssueRequest({ ...issueRequestOf(settings), entries: [] }).requestProblems,
    ...(offeredServices ? validateServiceChoices(offeredServices, settings.services ?? [], settings.branchCode) : []),
  ];
}

/** The branch and its balance from the network info answer; `waybills` is what the job would draw (one per parcel). */
export function branchOf(network: Result<NetworkInfo>, settings: IssueJobSettings, waybills: number): PlanBranch {
  const base: PlanBranch = { code: settings.branchCode, name: '', balance: null, balanceAfter: null, error: null };
  if (!network.ok) return { ...base, error: network.error };
  const carrier = network.data.carriers.find((candidate) => candidate.carrierCode === settings.carrierCode);
  const branch = carrier?.branches.find((candidate) => candidate.branchCode === settings.branchCode);
  if (!branch) {
    return { ...base, error: stationError('gateway.unexpected-data', { endpoint: 'network-info', detail: `no branch ${settings.branchCode} of ${settings.carrierCode}` }) };
  }
  const balance = branch.quantity;
  return { ...base, name: branch.branchName, balance, balanceAfter: balance === null ? null : balance - waybills };
}

/** How many packages, from the first, the balance covers (each draws one waybill per parcel). */
function packagesWithin(packages: readonly PlannedPackage[], balance: number): number {
  let left = balance;
  let count = 0;
  for (const pkg of packages) {
    if (pkg.parcels > left) break;
    left -= pkg.parcels;
    count += 1;
  }
  return count;
}

/** What `assemblePlan` needs beyond the grouping. */
export interface PlanFacts {
  jobId: string;
  settings: IssueJobSettings;
  /** The loaded orders, in the job's order. */
  orders: readonly ShopSoldOrder[];
  grouping: PackagePlan;
  notLoaded: readonly ShopOrderRef[];
  /** Shop order key → waybill of the orders that have one. */
  alreadyIssued: ReadonlyMap<string, string>;
  toCheck: readonly ShopOrderRef[];
  branch: PlanBranch;
  pointsPerCall: number | null;
  /** The price assumed for an issue call while its own is not known: the last call's of any endpoint. */
  assumedPointsPerCall: number;
  /** The branch's services; null when the network info could not be read. */
  offeredServices: BranchService[] | null;
  /** Orders held back by their status, not confirmed. */
  heldBack: readonly ShopSoldOrder[];
  /** Network-info calls the plan made: 1, or 0 when it reused a recent answer. */
  networkInfoCalls: number;
}

/** The plan shown to the user and the job members to store, from the facts gathered. */
export function assemblePlan(facts: PlanFacts): { plan: IssuePlan; members: JobMember[] } {
  const packages: PlannedPackage[] = facts.grouping.packages.map((pkg) => ({ key: pkg.key, shopId: pkg.shopId, orderNumbers: pkg.orders.map((order) => order.orderNumber), parcels: pkg.parcels }));
  const pointsPerCall = facts.pointsPerCall ?? facts.assumedPointsPerCall;
  // One issue call carries the packages of one shop: each shop's packages fill their own calls.
  const parcelsPerShop = new Map<string, number[]>();
  for (const pkg of packages) parcelsPerShop.set(pkg.shopId, [...(parcelsPerShop.get(pkg.shopId) ?? []), pkg.parcels]);
  const shops = [...parcelsPerShop].map(([shopId, parcels]): ShopPlan => {
    const calls = callsForPackages(parcels);
    return { shopId, packages: parcels.length, calls, estimatedPoints: calls * pointsPerCall };
  });
  const waybills = packages.reduce((sum, pkg) => sum + pkg.parcels, 0);
  const calls = shops.reduce((sum, shop) => sum + shop.calls, 0);
  const balance = facts.branch.balance;
  const problems = new Map<string, StationError[]>([
    ...facts.grouping.invalid.map((entry): [string, StationError[]] => [shopOrderKey(entry), entry.problems]),
    ...facts.heldBack.map(({ shopId, order }): [string, StationError[]] => [
      shopOrderKey({ shopId, orderNumber: order.orderNumber }),
      [stationError('issuing.order-held-back', { orderId: order.orderNumber, status: order.orderStatus ?? '' })],
    ]),
  ]);
  const packageOf = new Map(packages.flatMap((pkg) => pkg.orderNumbers.map((orderNumber) => [shopOrderKey({ shopId: pkg.shopId, orderNumber }), pkg.key] as const)));
  const members: JobMember[] = facts.orders.map((entry, position) => ({
    shopId: entry.shopId,
    orderNumber: entry.order.orderNumber,
    position,
    packageKey: packageOf.get(keyOf(entry)) ?? null,
    order: entry.order,
    problems: problems.get(keyOf(entry)) ?? null,
  }));
  const plan: IssuePlan = {
    jobId: facts.jobId,
    packages,
    merges: packages.filter((pkg) => pkg.orderNumbers.length > 1),
    invalid: [...facts.notLoaded.map((ref) => ({ ...ref, problems: [orderNotLoaded(ref)] })), ...facts.grouping.invalid],
    alreadyIssued: [...facts.alreadyIssued].flatMap(([key, waybillCode]) => {
      const ref = shopOrderOfKey(key);
      return ref ? [{ ...ref, waybillCode }] : [];
    }),
    toCheck: [...facts.toCheck],
    requestProblems: requestProblems(facts.settings, facts.offeredServices),
    calls,
    checkCalls: Math.ceil(facts.toCheck.length / ISSUE_LIMITS.entriesPerQueryCall),
    networkInfoCalls: facts.networkInfoCalls,
    pointsPerCall: facts.pointsPerCall,
    estimatedPoints: calls * pointsPerCall,
    shops,
    branch: facts.branch,
    balanceShort: balance !== null && balance < waybills ? { balance, needed: waybills, firstK: packagesWithin(packages, balance) } : null,
    services: { offered: facts.offeredServices, chosen: facts.settings.services ?? [] },
    options: {
      packageMeasures: facts.settings.packageMeasures ?? { weightG: null, volumeMl: null },
      customerCode: facts.settings.customerCode ?? '',
      brandCode: facts.settings.brandCode ?? '',
      doorPickUp: facts.settings.doorPickUp ?? null,
    },
    heldBack: facts.heldBack.map(({ shopId, order }) => ({ shopId, orderNumber: order.orderNumber, orderStatus: order.orderStatus ?? 0 })),
  };
  return { plan, members };
}
