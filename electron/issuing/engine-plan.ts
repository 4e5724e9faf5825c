import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { SoldOrder } from '../../shared/domain/sold-order';
import type { IssueJobSettings, IssuePlan, PlanRequest } from '../../shared/domain/issuing';
import { shopOrderKey, shopOrderOfKey, type ShopOrderRef } from '../../shared/domain/shop-order';
import type { StationError } from '../../shared/errors/station-error';
import { stationError } from '../../shared/errors/station-error';
import type { BranchService, NetworkInfo } from '../../shared/domain/network';
import type { Result } from '../../shared/result';
import { logisticsServicesText, withRequiredServices } from '../../shared/issuing/logistics-services';
import { StationFailure } from '../ipc/to-station-error';
import { arrangeForPrinting } from '../paperwork/print-order';
import type { EngineCore } from './engine-core';
import { assemblePlan, branchIn, branchOf, isHeldBack, planPackages, type PackagePlan, type ShopSoldOrder } from './issue-plan';

/*
 * Planning a job: the selected orders loaded, grouped into packages, those already issued (here or,
 * in shared mode, at another desk) left out with why; one network-info call for the branch and its
 * balance; the job stored as planned. Nothing is issued.
 */

/** The request's settings, without the orders and the grouping choices. */
type RequestedSettings = Omit<PlanRequest, 'orders' | 'merge' | 'keepApart'>;

/** The orders the job leaves out, by shop order key: those with a waybill here, and those another desk holds or issued. */
interface LeftOut {
  alreadyIssued: Map<string, string>;
  elsewhere: Map<string, StationError>;
}

const keyOfEntry = (entry: ShopSoldOrder): string => shopOrderKey({ shopId: entry.shopId, orderNumber: entry.order.orderNumber });

/** The selected orders as loaded, in the print order chosen (across the job's shops); those not loaded apart. */
async function loadOrders(core: EngineCore, refs: readonly ShopOrderRef[], shopIds: readonly string[], request: PlanRequest): Promise<{ orders: ShopSoldOrder[]; notLoaded: ShopOrderRef[] }> {
  const found = new Map<string, SoldOrder>();
  for (const shopId of shopIds) {
    const ofShop = refs.filter((ref) => ref.shopId === shopId).map((ref) => ref.orderNumber);
    for (const order of await core.options.soldOrders(shopId, ofShop)) found.set(shopOrderKey({ shopId, orderNumber: order.orderNumber }), order);
  }
  const loaded = refs.flatMap((ref) => {
    const order = found.get(shopOrderKey(ref));
    return order ? [{ shopId: ref.shopId, order }] : [];
  });
  // The job's orders are stored in the print order chosen (across its shops): batches, retries and a restart keep it.
  const shopOfOrder = new Map(loaded.map((entry) => [entry.order, entry.shopId]));
  const orders: ShopSoldOrder[] = arrangeForPrinting(loaded.map((entry) => entry.order), request.printOrder ?? 'as-selected').map((order) => ({ shopId: shopOfOrder.get(order) as string, order }));
  return { orders, notLoaded: refs.filter((ref) => !found.has(shopOrderKey(ref))) };
}

/** The job's settings: the branch's required services always go with the job, whatever was chosen. */
function jobSettings(request: PlanRequest, requested: RequestedSettings, offeredServices: BranchService[] | null): IssueJobSettings {
  const services = offeredServices ? withRequiredServices(offeredServices, requested.services ?? []) : (requested.services ?? []);
  return {
    ...requested,
    services,
    logisticsServices: logisticsServicesText(services),
    printOrder: request.printOrder ?? 'as-selected',
    packingSlips: request.packingSlips ?? false,
  };
}

/** Per shop, the orders with a waybill in this desk's journal, then (shared mode) those another desk holds or issued, each with why. */
async function leftOutOf(core: EngineCore, shopIds: readonly string[], orders: readonly ShopSoldOrder[], gatewayOf: ReadonlyMap<string, GatewayIdentity>): Promise<LeftOut> {
  const { claims } = core.options;
  const alreadyIssued = new Map<string, string>();
  const elsewhere = new Map<string, StationError>();
  for (const shopId of shopIds) {
    const ofShop = orders.filter((entry) => entry.shopId === shopId).map((entry) => entry.order.orderNumber);
    for (const [orderNumber, waybillCode] of await core.journal.read.waybillsOf(shopId, ofShop)) alreadyIssued.set(shopOrderKey({ shopId, orderNumber }), waybillCode);
    // Orders another desk holds or issued are left out, each with why (shared mode).
    const open = ofShop.filter((orderNumber) => !alreadyIssued.has(shopOrderKey({ shopId, orderNumber })));
    const held = claims && open.length > 0 ? await claims.elsewhere(gatewayOf.get(shopId) as GatewayIdentity, open) : new Map<string, StationError>();
    for (const [orderNumber, error] of held) elsewhere.set(shopOrderKey({ shopId, orderNumber }), error);
  }
  return { alreadyIssued, elsewhere };
}

/** The open orders' packages; those held elsewhere are shown as invalid, with why. */
function groupingOf(open: readonly ShopSoldOrder[], settings: IssueJobSettings, request: PlanRequest, offeredServices: BranchService[] | null, elsewhere: ReadonlyMap<string, StationError>): PackagePlan {
  const planned = planPackages(
    open.filter((entry) => !isHeldBack(entry, settings)),
    settings,
    { merge: request.merge, keepApart: request.keepApart, offeredServices },
  );
  return {
    ...planned,
    invalid: [...planned.invalid, ...[...elsewhere].flatMap(([key, error]) => {
      const ref = shopOrderOfKey(key);
      return ref ? [{ ...ref, problems: [error] }] : [];
    })],
  };
}

/** The planned orders still pending in this desk's journal: the plan says they are checked before anything is issued. */
async function pendingToCheck(core: EngineCore, shopIds: readonly string[], grouping: PackagePlan): Promise<ShopOrderRef[]> {
  const toCheck: ShopOrderRef[] = [];
  for (const shopId of shopIds) {
    const ofShop = grouping.packages.filter((pkg) => pkg.shopId === shopId).flatMap((pkg) => pkg.orders.map((order) => order.orderNumber));
    for (const orderNumber of await core.journal.read.pendingAmong(shopId, ofShop)) toCheck.push({ shopId, orderNumber });
  }
  return toCheck;
}

/**
 * The plan's network info (the branch, its services and balance): asked of the gateway, unless the
 * request allows an answer up to `networkInfoMaxAgeMs` old and the engine read one that recent.
 * Answers it and how many calls it took (0 or 1).
 */
async function networkOfPlan(core: EngineCore, shopId: string, baseUrl: string, carrierCode: string, maxAgeMs: number, jobId: string): Promise<{ network: Result<NetworkInfo>; calls: number }> {
  const key = `${baseUrl}\n${shopId}\n${carrierCode}`;
  const recent = core.recentNetwork.get(key);
  if (recent && core.now() - recent.at <= maxAgeMs) return { network: { ok: true, data: recent.network }, calls: 0 };
  const client = await core.options.gateway(shopId);
  const network = await client.networkInfo({ carrierCode }, { priority: 'interactive', jobId });
  if (network.ok) core.recentNetwork.set(key, { at: core.now(), network: network.data });
  return { network, calls: 1 };
}

/** See IssuingEngine.plan. */
export async function planJob(core: EngineCore, request: PlanRequest): Promise<IssuePlan> {
  const identities = core.options.gatewayIdentities();
  const refs = [...new Map(request.orders.map((ref) => [shopOrderKey(ref), ref])).values()];
  const shopIds = [...new Set(refs.map((ref) => ref.shopId))];
  const gatewayOf = new Map(identities.map((identity) => [identity.shopId, identity]));
  const unknownShop = shopIds.find((shopId) => !gatewayOf.has(shopId));
  const [first] = identities;
  if (unknownShop !== undefined || !first) throw new StationFailure(stationError('settings.shop-not-set', { shopId: unknownShop ?? '' }));
  const { orders, notLoaded } = await loadOrders(core, refs, shopIds, request);
  const { orders: _orders, merge: _merge, keepApart: _keepApart, networkInfoMaxAgeMs = 0, ...requested } = request;
  const jobId = core.newJobId();
  // One network-info call (of the first shop of the job): the branch and its balance belong to the account.
  const { network, calls: networkInfoCalls } = await networkOfPlan(core, shopIds[0] ?? first.shopId, first.baseUrl, requested.carrierCode, networkInfoMaxAgeMs, jobId);
  const offeredServices = branchIn(network, requested)?.services ?? null;
  const settings = jobSettings(request, requested, offeredServices);
  const { alreadyIssued, elsewhere } = await leftOutOf(core, shopIds, orders, gatewayOf);
  const open = orders.filter((entry) => !alreadyIssued.has(keyOfEntry(entry)) && !elsewhere.has(keyOfEntry(entry)));
  const heldBack = open.filter((entry) => isHeldBack(entry, settings));
  const grouping = groupingOf(open, settings, request, offeredServices, elsewhere);
  const toCheck = await pendingToCheck(core, shopIds, grouping);
  const { plan, members } = assemblePlan({
    jobId,
    settings,
    orders,
    grouping,
    notLoaded,
    alreadyIssued,
    toCheck,
    branch: branchOf(network, settings, grouping.packages.reduce((sum, pkg) => sum + pkg.parcels, 0)),
    pointsPerCall: await core.costs.lastIssueCallPoints(),
    assumedPointsPerCall: (await core.costs.lastCallPoints()) ?? 1,
    offeredServices,
    heldBack,
    networkInfoCalls,
  });
  await core.journal.write.createJob({ id: jobId, createdAt: core.now(), settings, baseUrl: first.baseUrl }, members);
  core.logger.info('issuing.planned', { jobId, shops: plan.shops.length, packages: plan.packages.length, invalid: plan.invalid.length, merges: plan.merges.length, calls: plan.calls });
  return plan;
}
