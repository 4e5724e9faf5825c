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
import type { Result } from '../../shared/result';
import { validateIssueEntry, validateIssueRequest } from '../../shared/validation/issue-entry-validation';
import { buyerAddressKey } from '../order-cache/order-cache';
import type { InvalidOrder, IssueJobSettings, IssuePlan, PlanBranch, PlannedPackage } from '../../shared/domain/issuing';
import type { JobMember } from '../store/station-records';

/** The services an order goes with: the job's, with the order's own values laid over them. */
export function servicesOfOrder(orderNumber: string, settings: IssueJobSettings): ServiceChoice[] {
  return overrideServiceValues(settings.services ?? [], settings.serviceValuesByOrder?.[orderNumber]);
}

/**
 * The issue entry of one package under a job's settings: each order's item carries its package
 * weight and volume (the order's own, else the job's), and the package goes with the services of
 * its first order (its key, whose values the plan showed).
 */
export function entryForOrders(orders: readonly [SoldOrder, ...SoldOrder[]], settings: IssueJobSettings): IssueEntry {
  const [first] = orders;
  const ownValues = settings.serviceValuesByOrder?.[first.orderNumber];
  const entry = issueEntryFromSoldOrders(orders, {
    orderChannel: settings.orderChannel,
    templateUrl: settings.templateUrl,
    logisticsServices: ownValues ? logisticsServicesText(servicesOfOrder(first.orderNumber, settings)) : settings.logisticsServices,
    packageId: '',
  });
  const items = entry.items.map((item, index) => {
    const orderNumber = orders[index]?.orderNumber ?? '';
    const measures = settings.packageMeasuresByOrder?.[orderNumber] ?? settings.packageMeasures;
    return {
      ...item,
      ...(measures?.weightG == null ? {} : { weightG: measures.weightG }),
      ...(measures?.volumeMl == null ? {} : { volumeMl: measures.volumeMl }),
    };
  });
  return { ...entry, items };
}

/** The branch of the job's carrier and branch code in a network answer, if it is there. */
export function branchIn(network: Result<NetworkInfo>, settings: IssueJobSettings): CarrierBranch | undefined {
  if (!network.ok) return undefined;
  const carrier = network.data.carriers.find((candidate) => candidate.carrierCode === settings.carrierCode);
  return carrier?.branches.find((candidate) => candidate.branchCode === settings.branchCode);
}

/** Whether an order's status is held back and the user has not confirmed it. */
export function isHeldBack(order: SoldOrder, settings: IssueJobSettings): boolean {
  return order.orderStatus !== null && (settings.heldBackStatuses ?? []).includes(order.orderStatus) && !(settings.confirmedHeldBack ?? []).includes(order.orderNumber);
}

/** Packages and invalid orders, before anything is stored or called. */
export interface PackagePlan {
  packages: { key: string; orders: [SoldOrder, ...SoldOrder[]] }[];
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
 * the orders of one buyer and address together (at most 100 order numbers and 100 items per
 * package), except groups whose key is in `keepApart`. Every order is validated on its own
 * before grouping, so one bad order never blocks the others (a merged entry holds the first
 * order's recipient and one item per order, so it is valid when its orders are). Packages are
 * ordered by their first order.
 */
export function planPackages(
  orders: readonly SoldOrder[],
  settings: IssueJobSettings,
  options: { merge: boolean; keepApart: readonly string[]; offeredServices?: readonly BranchService[] | null },
): PackagePlan {
  const invalid: InvalidOrder[] = [];
  const valid: SoldOrder[] = [];
  for (const order of orders) {
    const problems = [
      ...validateIssueEntry(entryForOrders([order], settings)),
      ...(options.offeredServices ? validateServiceValues(options.offeredServices, servicesOfOrder(order.orderNumber, settings), order.orderNumber) : []),
    ];
    if (problems.length > 0) invalid.push({ orderNumber: order.orderNumber, problems });
    else valid.push(order);
  }
  const groups = new Map<string, SoldOrder[]>();
  for (const order of valid) {
    // Masked receivers can in rare cases make two buyers look alike: merging is off by default, shown in the plan and undoable.
    const key = options.merge ? buyerAddressKey(order) : order.orderNumber;
    groups.set(key, [...(groups.get(key) ?? []), order]);
  }
  const keepApart = new Set(options.keepApart);
  const packages: PackagePlan['packages'] = [];
  for (const group of groups.values()) {
    const [first] = group;
    if (!first) continue;
    const merged = group.length > 1 && !keepApart.has(first.orderNumber);
    const runs = merged ? chunks(group, Math.min(ISSUE_LIMITS.orderNumbersPerEntry, ISSUE_LIMITS.itemsPerPackage)) : group.map((order) => [order]);
    for (const [head, ...rest] of runs) {
      if (head) packages.push({ key: head.orderNumber, orders: [head, ...rest] });
    }
  }
  const position = new Map(orders.map((order, index) => [order.orderNumber, index]));
  packages.sort((a, b) => (position.get(a.key) ?? 0) - (position.get(b.key) ?? 0));
  return { packages, invalid };
}

/** The problem of an order number that is not among the loaded sold orders. */
function orderNotLoaded(orderNumber: string): StationError {
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

/** The branch and its balance from the network info answer. */
export function branchOf(network: Result<NetworkInfo>, settings: IssueJobSettings, packages: number): PlanBranch {
  const base: PlanBranch = { code: settings.branchCode, name: '', balance: null, balanceAfter: null, error: null };
  if (!network.ok) return { ...base, error: network.error };
  const carrier = network.data.carriers.find((candidate) => candidate.carrierCode === settings.carrierCode);
  const branch = carrier?.branches.find((candidate) => candidate.branchCode === settings.branchCode);
  if (!branch) {
    return { ...base, error: stationError('gateway.unexpected-data', { endpoint: 'network-info', detail: `no branch ${settings.branchCode} of ${settings.carrierCode}` }) };
  }
  const balance = branch.quantity;
  return { ...base, name: branch.branchName, balance, balanceAfter: balance === null ? null : balance - packages };
}

/** What `assemblePlan` needs beyond the grouping. */
export interface PlanFacts {
  jobId: string;
  settings: IssueJobSettings;
  orders: readonly SoldOrder[];
  grouping: PackagePlan;
  notLoaded: readonly string[];
  alreadyIssued: ReadonlyMap<string, string>;
  toCheck: readonly string[];
  branch: PlanBranch;
  pointsPerCall: number | null;
  /** The price assumed for an issue call while its own is not known: the last call's of any endpoint. */
  assumedPointsPerCall: number;
  /** The branch's services; null when the network info could not be read. */
  offeredServices: BranchService[] | null;
  /** Orders held back by their status, not confirmed. */
  heldBack: readonly SoldOrder[];
}

/** The plan shown to the user and the job members to store, from the facts gathered. */
export function assemblePlan(facts: PlanFacts): { plan: IssuePlan; members: JobMember[] } {
  const packages: PlannedPackage[] = facts.grouping.packages.map((pkg) => ({ key: pkg.key, orderNumbers: pkg.orders.map((order) => order.orderNumber) }));
  const calls = Math.ceil(packages.length / ISSUE_LIMITS.entriesPerIssueCall);
  const balance = facts.branch.balance;
  const problems = new Map<string, StationError[]>([
    ...facts.grouping.invalid.map((entry): [string, StationError[]] => [entry.orderNumber, entry.problems]),
    ...facts.heldBack.map((order): [string, StationError[]] => [order.orderNumber, [stationError('issuing.order-held-back', { orderId: order.orderNumber, status: order.orderStatus ?? '' })]]),
  ]);
  const packageOf = new Map(packages.flatMap((pkg) => pkg.orderNumbers.map((orderNumber) => [orderNumber, pkg.key] as const)));
  const members: JobMember[] = facts.orders.map((order, position) => ({
    orderNumber: order.orderNumber,
    position,
    packageKey: packageOf.get(order.orderNumber) ?? null,
    order,
    problems: problems.get(order.orderNumber) ?? null,
  }));
  const plan: IssuePlan = {
    jobId: facts.jobId,
    packages,
    merges: packages.filter((pkg) => pkg.orderNumbers.length > 1),
    invalid: [...facts.notLoaded.map((orderNumber) => ({ orderNumber, problems: [orderNotLoaded(orderNumber)] })), ...facts.grouping.invalid],
    alreadyIssued: [...facts.alreadyIssued].map(([orderNumber, waybillCode]) => ({ orderNumber, waybillCode })),
    toCheck: [...facts.toCheck],
    requestProblems: requestProblems(facts.settings, facts.offeredServices),
    calls,
    checkCalls: Math.ceil(facts.toCheck.length / ISSUE_LIMITS.entriesPerQueryCall),
    pointsPerCall: facts.pointsPerCall,
    estimatedPoints: calls * (facts.pointsPerCall ?? facts.assumedPointsPerCall),
    branch: facts.branch,
    balanceShort: balance !== null && balance < packages.length ? { balance, needed: packages.length, firstK: Math.max(0, balance) } : null,
    services: { offered: facts.offeredServices, chosen: facts.settings.services ?? [] },
    options: {
      packageMeasures: facts.settings.packageMeasures ?? { weightG: null, volumeMl: null },
      customerCode: facts.settings.customerCode ?? '',
      brandCode: facts.settings.brandCode ?? '',
      doorPickUp: facts.settings.doorPickUp ?? null,
    },
    heldBack: facts.heldBack.map((order) => ({ orderNumber: order.orderNumber, orderStatus: order.orderStatus ?? 0 })),
  };
  return { plan, members };
}
